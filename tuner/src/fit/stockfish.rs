//! Optional second label for the position set: a UCI engine's score at a
//! fixed depth (Debian's Stockfish where installed). A game result says
//! little about one position of a long game; a strong engine's score says
//! something about each. `tuner fit run --blend` mixes the two.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// Scores beyond this are clipped (a mate is scored as this).
pub const SCORE_CLIP: i32 = 2000;

/// No depth-limited search of one quiet position takes this long; an
/// engine that does is taken to hang.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(60);

pub struct UciScorer {
    command: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl UciScorer {
    /// Starts `command` as a UCI engine with one thread and a small hash.
    pub fn start(command: &str) -> Result<UciScorer, String> {
        let mut child = Command::new(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start scoring engine {command}: {e}"))?;
        let input = child.stdin.take().ok_or_else(|| format!("{command}: no stdin"))?;
        let output = child.stdout.take().ok_or_else(|| format!("{command}: no stdout"))?;
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut scorer = UciScorer { command: command.to_string(), child, input, lines };
        scorer.send("uci")?;
        scorer.wait_for("uciok")?;
        scorer.send("setoption name Threads value 1")?;
        scorer.send("setoption name Hash value 16")?;
        scorer.send("isready")?;
        scorer.wait_for("readyok")?;
        Ok(scorer)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}").and_then(|_| self.input.flush()).map_err(|e| format!("{}: {e}", self.command))
    }

    fn next_line(&mut self) -> Result<String, String> {
        self.lines.recv_timeout(ANSWER_TIMEOUT).map_err(|_| {
            format!("scoring engine {} stopped answering (exited or no reply in {ANSWER_TIMEOUT:?})", self.command)
        })
    }

    fn wait_for(&mut self, token: &str) -> Result<(), String> {
        while self.next_line()?.trim() != token {}
        Ok(())
    }

    /// The engine's score of `fen` at `depth`, in centipawns from White's
    /// view, clipped to ±`SCORE_CLIP`.
    pub fn score(&mut self, fen: &str, depth: u32, white_to_move: bool) -> Result<i32, String> {
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go depth {depth}"))?;
        let mut score = None;
        loop {
            let line = self.next_line()?;
            if line.starts_with("bestmove") {
                break;
            }
            if let Some(found) = parse_score(&line) {
                score = Some(found);
            }
        }
        let score = score.ok_or_else(|| format!("{} gave no score for {fen}", self.command))?;
        Ok(if white_to_move { score } else { -score })
    }
}

impl Drop for UciScorer {
    fn drop(&mut self) {
        let _ = self.send("quit");
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            std::thread::sleep(Duration::from_millis(50));
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The score of an `info` line for the side to move, if it has one (not a
/// bound), with mates clipped.
fn parse_score(line: &str) -> Option<i32> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.first() != Some(&"info") || tokens.contains(&"lowerbound") || tokens.contains(&"upperbound") {
        return None;
    }
    let at = tokens.iter().position(|&t| t == "score")?;
    let value: i32 = tokens.get(at + 2)?.parse().ok()?;
    match *tokens.get(at + 1)? {
        "cp" => Some(value.clamp(-SCORE_CLIP, SCORE_CLIP)),
        "mate" => Some(if value > 0 { SCORE_CLIP } else { -SCORE_CLIP }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_read_from_info_lines() {
        assert_eq!(parse_score("info depth 8 seldepth 10 multipv 1 score cp 35 nodes 9000 pv e2e4"), Some(35));
        assert_eq!(parse_score("info depth 8 score cp -4000 pv e2e4"), Some(-SCORE_CLIP));
        assert_eq!(parse_score("info depth 8 score mate -3 pv e2e4"), Some(-SCORE_CLIP));
        assert_eq!(parse_score("info depth 8 score cp 20 lowerbound pv e2e4"), None);
        assert_eq!(parse_score("info string hello"), None);
        assert_eq!(parse_score("bestmove e2e4"), None);
    }

    #[test]
    fn a_missing_engine_is_named() {
        let error = UciScorer::start("/nonexistent/scorer").err().expect("cannot start");
        assert!(error.contains("/nonexistent/scorer"), "{error}");
    }
}
