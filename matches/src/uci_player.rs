//! An external UCI engine as a player: started on demand, driven over its
//! stdin/stdout with a timeout on every answer, and restarted after a
//! crash or a stall so the tournament goes on.

use crate::engine_log::{Direction, EngineLog};
use crate::player::{MoveLimit, Player, PlayerError, PlayerMove};
use engine::opponent::OpponentInfo;
use movegen::{Board, Move, START_FEN};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciEngineConfig {
    pub name: String,
    pub command: PathBuf,
    pub args: Vec<String>,
    pub working_dir: Option<PathBuf>,
    /// `setoption` pairs sent after the handshake.
    pub options: Vec<(String, String)>,
    /// For `uciok` and each `readyok`.
    pub startup_timeout: Duration,
    /// Longest wait for `bestmove` beyond what the limit allows (depth and
    /// node limits have no clock, so this is their whole allowance).
    pub move_timeout: Duration,
    /// Where every line to and from the engine, and its stderr, is logged.
    pub log: Option<EngineLog>,
}

struct Running {
    pid: u32,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        // Give it a moment to leave on its own, then make sure it is gone.
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct UciPlayer {
    config: UciEngineConfig,
    running: Option<Running>,
    /// The `UCI_Opponent` value for the next games, if the tournament knows.
    opponent: Option<String>,
    /// Whether the engine lists `UCI_Opponent` among its options: only then
    /// is it sent, as lichess-bot does.
    takes_opponent: bool,
}

impl UciPlayer {
    pub fn new(config: UciEngineConfig) -> UciPlayer {
        UciPlayer { config, running: None, opponent: None, takes_opponent: false }
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        let running = self.running.as_mut().ok_or_else(|| PlayerError::Crashed("not running".into()))?;
        if let Some(log) = &self.config.log {
            log.record(&self.config.name, running.pid, Direction::ToEngine, line);
        }
        writeln!(running.stdin, "{line}")
            .and_then(|_| running.stdin.flush())
            .map_err(|e| PlayerError::Crashed(format!("cannot write to the engine: {e}")))
    }

    /// Reads lines until one starts with `prefix`, passing each to `seen`.
    fn wait_for(&mut self, prefix: &str, timeout: Duration, mut seen: impl FnMut(&str)) -> Result<String, PlayerError> {
        let deadline = Instant::now() + timeout;
        loop {
            let running = self.running.as_mut().ok_or_else(|| PlayerError::Crashed("not running".into()))?;
            let left = deadline.saturating_duration_since(Instant::now());
            match running.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(line) => seen(&line),
                Err(RecvTimeoutError::Timeout) => {
                    self.running = None;
                    return Err(PlayerError::Stalled(format!("no '{prefix}' within {} ms", timeout.as_millis())));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.running = None;
                    return Err(PlayerError::Crashed(format!("exited while we waited for '{prefix}'")));
                }
            }
        }
    }

    fn start(&mut self) -> Result<(), PlayerError> {
        let mut command = Command::new(&self.config.command);
        // Stderr is read into the log when there is one.
        let stderr = if self.config.log.is_some() { Stdio::piped() } else { Stdio::null() };
        command.args(&self.config.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(stderr);
        if let Some(dir) = &self.config.working_dir {
            command.current_dir(dir);
        }
        // A process group of its own: Ctrl-C at the terminal reaches the
        // tournament (which stops cleanly), not the engines mid-game, which
        // would otherwise die and be scored as crashes.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| PlayerError::StartFailed(format!("cannot run {}: {e}", self.config.command.display())))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(PlayerError::StartFailed("no pipes to the engine".into()));
        };
        let pid = child.id();
        let (sender, lines) = channel();
        let (log, name) = (self.config.log.clone(), self.config.name.clone());
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(log) = &log {
                    log.record(&name, pid, Direction::FromEngine, &line);
                }
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        if let (Some(log), Some(stderr)) = (self.config.log.clone(), child.stderr.take()) {
            let name = self.config.name.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                    log.record(&name, pid, Direction::Stderr, &line);
                }
            });
        }
        self.running = Some(Running { pid, child, stdin, lines });
        let timeout = self.config.startup_timeout;
        let handshake = (|| {
            self.send("uci")?;
            let mut takes_opponent = false;
            self.wait_for("uciok", timeout, |line| {
                takes_opponent |= line.starts_with("option name UCI_Opponent type ");
            })?;
            self.takes_opponent = takes_opponent;
            for (name, value) in self.config.options.clone() {
                self.send(&format!("setoption name {name} value {value}"))?;
            }
            self.send("isready")?;
            self.wait_for("readyok", timeout, |_| {})
        })();
        handshake.map(|_| ()).map_err(|error| {
            self.running = None;
            PlayerError::StartFailed(error.to_string())
        })
    }
}

fn go_command(limit: &MoveLimit, white_to_move: bool) -> String {
    match limit {
        MoveLimit::Depth(depth) => format!("go depth {depth}"),
        MoveLimit::Nodes(nodes) => format!("go nodes {nodes}"),
        MoveLimit::MoveTime(time) => format!("go movetime {}", time.as_millis()),
        MoveLimit::Clock { ours, theirs, increment, moves_to_go } => {
            let (white, black) = if white_to_move { (ours, theirs) } else { (theirs, ours) };
            let inc = increment.as_millis();
            let mut go = format!("go wtime {} btime {} winc {inc} binc {inc}", white.as_millis(), black.as_millis());
            if let Some(moves) = moves_to_go {
                go.push_str(&format!(" movestogo {moves}"));
            }
            go
        }
    }
}

/// Score and depth from an `info` line, if it has them. A score that is
/// only a bound (`lowerbound`, `upperbound`: an aspiration window failed)
/// is not the engine's score and is passed over.
fn parse_info(line: &str, score_cp: &mut Option<i32>, mate: &mut Option<i32>, depth: &mut Option<i32>) {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let bound = tokens.iter().any(|&t| t == "lowerbound" || t == "upperbound");
    let mut index = 1;
    while index + 1 < tokens.len() {
        match tokens[index] {
            "depth" => *depth = tokens[index + 1].parse().ok().or(*depth),
            "score" if index + 2 < tokens.len() && !bound => {
                let value = tokens[index + 2].parse().ok();
                match tokens[index + 1] {
                    "cp" if value.is_some() => (*score_cp, *mate) = (value, None),
                    "mate" if value.is_some() => (*score_cp, *mate) = (None, value),
                    _ => {}
                }
                index += 1;
            }
            "pv" => break,
            _ => {}
        }
        index += 1;
    }
}

impl Player for UciPlayer {
    fn name(&self) -> &str {
        &self.config.name
    }

    fn new_game(&mut self) -> Result<(), PlayerError> {
        if self.running.is_none() {
            self.start()?;
        }
        self.send("ucinewgame")?;
        if let Some(value) = self.opponent.clone().filter(|_| self.takes_opponent) {
            self.send(&format!("setoption name UCI_Opponent value {value}"))?;
        }
        self.send("isready")?;
        self.wait_for("readyok", self.config.startup_timeout, |_| {}).map(|_| ())
    }

    fn set_opponent(&mut self, opponent: Option<&OpponentInfo>) {
        self.opponent = opponent.map(OpponentInfo::uci_value);
    }

    fn choose_move(&mut self, start: &Board, moves: &[Move], limit: &MoveLimit) -> Result<PlayerMove, PlayerError> {
        if self.running.is_none() {
            self.start()?;
        }
        let mut board = start.clone();
        for &mv in moves {
            board.play(mv);
        }
        let fen = start.to_fen();
        let mut position =
            if fen == START_FEN { "position startpos".to_string() } else { format!("position fen {fen}") };
        if !moves.is_empty() {
            let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            position.push_str(" moves ");
            position.push_str(&texts.join(" "));
        }
        self.send(&position)?;
        self.send(&go_command(limit, board.side_to_move() == movegen::Color::White))?;
        let allowance = match limit {
            MoveLimit::Clock { ours, .. } => *ours,
            MoveLimit::MoveTime(time) => *time,
            _ => Duration::ZERO,
        } + self.config.move_timeout;
        let (mut score_cp, mut mate, mut depth) = (None, None, None);
        let line = self.wait_for("bestmove", allowance, |line| {
            if line.starts_with("info") {
                parse_info(line, &mut score_cp, &mut mate, &mut depth);
            }
        })?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        let mv = board.parse_uci_move(text).map_err(|e| PlayerError::IllegalMove(e.to_string()))?;
        Ok(PlayerMove { mv, score_cp, mate, depth, note: None, trappy: None })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_score_and_depth() {
        let (mut cp, mut mate, mut depth) = (None, None, None);
        parse_info("info depth 12 seldepth 20 score cp -35 nodes 1 pv e2e4", &mut cp, &mut mate, &mut depth);
        assert_eq!((cp, mate, depth), (Some(-35), None, Some(12)));
        parse_info("info depth 13 score mate 3 pv e2e4", &mut cp, &mut mate, &mut depth);
        assert_eq!((cp, mate, depth), (None, Some(3), Some(13)));
        parse_info("info string depth garbage score cp", &mut cp, &mut mate, &mut depth);
        assert_eq!(depth, Some(13));
        parse_info("info depth 14 score cp 90 lowerbound pv e2e4", &mut cp, &mut mate, &mut depth);
        assert_eq!((cp, mate, depth), (None, Some(3), Some(14)), "a bound is no score");
    }

    #[test]
    fn go_commands_follow_the_limit() {
        let clock = MoveLimit::Clock {
            ours: Duration::from_millis(900),
            theirs: Duration::from_millis(1100),
            increment: Duration::from_millis(10),
            moves_to_go: Some(7),
        };
        assert_eq!(go_command(&clock, false), "go wtime 1100 btime 900 winc 10 binc 10 movestogo 7");
        assert_eq!(go_command(&MoveLimit::Nodes(5000), true), "go nodes 5000");
    }
}
