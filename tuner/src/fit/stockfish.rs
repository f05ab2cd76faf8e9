//! Optional second label for the position set: a UCI engine's score at a
//! fixed depth (Debian's Stockfish where installed). A game result says
//! little about one position of a long game; a strong engine's score says
//! something about each. `tuner fit run --blend` mixes the two. The engine
//! is driven by the harness's own UCI client (`matches::uci_player`).

use matches::player::{MoveLimit, Player, PlayerMove};
use matches::uci_player::{UciEngineConfig, UciPlayer};
use movegen::{Board, Color};
use std::path::PathBuf;
use std::time::Duration;

/// Scores beyond this are clipped (a mate is scored as this).
pub const SCORE_CLIP: i32 = 2000;

/// No depth-limited search of one quiet position takes this long; an
/// engine that does is taken to hang.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(60);

/// A UCI engine that scores positions, with one thread and a small hash.
pub struct UciScorer {
    engine: UciPlayer,
}

impl UciScorer {
    /// Starts `command`; the error names it.
    pub fn start(command: &str) -> Result<UciScorer, String> {
        let config = UciEngineConfig {
            name: command.to_string(),
            command: PathBuf::from(command),
            args: vec![],
            working_dir: None,
            options: vec![("Threads".into(), "1".into()), ("Hash".into(), "16".into())],
            startup_timeout: Duration::from_secs(10),
            move_timeout: ANSWER_TIMEOUT,
            log: None,
        };
        let mut engine = UciPlayer::new(config);
        engine.new_game().map_err(|e| format!("scoring engine {command}: {e}"))?;
        Ok(UciScorer { engine })
    }

    /// The engine's score of `fen` at `depth`, in centipawns from White's
    /// view, clipped to ±`SCORE_CLIP`.
    pub fn score(&mut self, fen: &str, depth: u32) -> Result<i32, String> {
        let board = Board::from_fen(fen).map_err(|e| format!("{fen}: {e}"))?;
        let limit = MoveLimit::Depth(depth as i32);
        let answer = self.engine.choose_move(&board, &[], &limit).map_err(|e| format!("scoring engine: {e}"))?;
        let score = clipped(&answer).ok_or_else(|| format!("the scoring engine gave no score for {fen}"))?;
        Ok(if board.side_to_move() == Color::White { score } else { -score })
    }
}

/// An answer's score for the side to move, a mate as the clip.
fn clipped(answer: &PlayerMove) -> Option<i32> {
    match (answer.score_cp, answer.mate) {
        (Some(cp), _) => Some(cp.clamp(-SCORE_CLIP, SCORE_CLIP)),
        (None, Some(mate)) => Some(if mate > 0 { SCORE_CLIP } else { -SCORE_CLIP }),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_clipped_and_mates_are_the_clip() {
        let answer = |score_cp, mate| PlayerMove {
            mv: movegen::Move::NULL,
            score_cp,
            mate,
            depth: None,
            note: None,
            trappy: None,
        };
        assert_eq!(clipped(&answer(Some(35), None)), Some(35));
        assert_eq!(clipped(&answer(Some(-4000), None)), Some(-SCORE_CLIP));
        assert_eq!(clipped(&answer(None, Some(-3))), Some(-SCORE_CLIP));
        assert_eq!(clipped(&answer(None, None)), None);
    }

    /// The engine binary cargo built beside this test (`cargo test
    /// --workspace` builds `trappy` into `<target dir>/<profile>/`).
    fn trappy_binary() -> PathBuf {
        let test = std::env::current_exe().expect("the test's own path");
        let profile_dir = test.parent().and_then(|deps| deps.parent()).expect("<target>/<profile>/deps/<test>");
        profile_dir.join(format!("trappy{}", std::env::consts::EXE_SUFFIX))
    }

    #[test]
    fn a_real_engine_scores_from_whites_view_whoever_is_to_move() {
        let binary = trappy_binary();
        assert!(binary.is_file(), "{} is not built: run cargo test --workspace", binary.display());
        let mut scorer = UciScorer::start(binary.to_str().expect("utf-8")).expect("trappy starts");
        // White is a queen up, with either side to move.
        for fen in ["4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1"] {
            let score = scorer.score(fen, 4).expect("a score");
            assert!(score > 500, "{fen}: {score}");
        }
        assert!(scorer.score("not a fen", 4).is_err());
    }

    #[test]
    fn a_missing_engine_is_named() {
        let error = UciScorer::start("/nonexistent/scorer").err().expect("cannot start");
        assert!(error.contains("/nonexistent/scorer"), "{error}");
    }
}
