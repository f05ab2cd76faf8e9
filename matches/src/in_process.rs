//! An engine configuration inside this process: the engine crate's searcher
//! with named option overrides. No pipes, no parsing, no process start-up.

use crate::player::{MoveLimit, Player, PlayerError, PlayerMove, TrappyChoice};
use engine::opponent::{OpponentInfo, FULL_STRENGTH_ELO};
use engine::search::score::{is_mate_score, MATE};
use engine::search::{SearchLimits, SearchRequest};
use engine::trappy::replies::OpponentModelChoice;
use engine::trappy_engine::TrappyEngine;
use engine::tunables::Tunables;
use movegen::{Board, Move};

pub struct InProcessPlayer {
    name: String,
    engine: TrappyEngine,
}

impl InProcessPlayer {
    /// A player with `overrides` (name, value) applied to the default
    /// tunables, each set by name as a GUI sets an option (so a value the
    /// engine would otherwise derive, such as the result curve, is the
    /// config's); an unknown name or a value out of range is an error.
    pub fn new(name: &str, overrides: &[(String, i64)], hash_mb: usize) -> Result<InProcessPlayer, String> {
        let mut engine = TrappyEngine::new(hash_mb, Tunables::default());
        for (option, value) in overrides {
            engine.set_tunable(option, *value).map_err(|e| format!("player {name}: {e}"))?;
        }
        engine.set_network(engine::nnue::default_network());
        Ok(InProcessPlayer { name: name.to_string(), engine })
    }

    /// Searches with `threads` threads (Lazy SMP).
    pub fn set_threads(&mut self, threads: usize) {
        self.engine.set_threads(threads);
    }

    /// Evaluates as `EvalFile` `value` says: a network file, `embedded` or
    /// `classical`. The error names the player and the file.
    pub fn set_eval_file(&mut self, value: &str) -> Result<(), String> {
        let network = engine::nnue::network_for_eval_file(value).map_err(|e| format!("player {}: {e}", self.name))?;
        self.engine.set_network(network);
        Ok(())
    }

    /// What predicts the opponent's replies, as the `OpponentModel` option
    /// says: `natural`, a network file or a folder. The error names the
    /// player and the file.
    pub fn set_opponent_model(&mut self, value: &str) -> Result<(), String> {
        let choice = OpponentModelChoice::from_option(value).map_err(|e| format!("player {}: {e}", self.name))?;
        self.engine.set_opponent_model(choice);
        Ok(())
    }

    /// What predicts the replies of `opponent` (as the tournament tells
    /// it), in words, when traps are set against it: the network discovery
    /// or a folder gave, or the natural model and why.
    pub fn opponent_model_against(&mut self, opponent: Option<&OpponentInfo>) -> Option<String> {
        self.engine.set_opponent(opponent.cloned(), FULL_STRENGTH_ELO);
        self.engine.opponent_model_in_use()
    }

    /// The network files its opponent model's folder, or discovery, passed
    /// over, each with its reason.
    pub fn skipped_networks(&self) -> Vec<String> {
        self.engine.opponent_model().skipped().iter().map(|skipped| skipped.line()).collect()
    }

    /// Trappy counters of the current game.
    pub fn trappy_stats(&self) -> engine::trappy::TrappyStats {
        self.engine.trappy_stats()
    }
}

fn search_limits(limit: &MoveLimit) -> SearchLimits {
    match limit {
        MoveLimit::Depth(depth) => SearchLimits::depth(*depth),
        MoveLimit::Nodes(nodes) => SearchLimits::nodes(*nodes),
        MoveLimit::MoveTime(time) => SearchLimits { movetime: Some(*time), ..SearchLimits::default() },
        MoveLimit::Clock { ours, increment, moves_to_go, .. } => SearchLimits {
            time_left: Some(*ours),
            increment: *increment,
            moves_to_go: *moves_to_go,
            ..SearchLimits::default()
        },
    }
}

impl Player for InProcessPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.engine.new_game();
        Ok(())
    }

    fn set_opponent(&mut self, opponent: Option<&OpponentInfo>) {
        // An in-process engine plays at full strength unless its overrides
        // weaken it; the rating it gives itself is that of full strength.
        self.engine.set_opponent(opponent.cloned(), FULL_STRENGTH_ELO);
    }

    fn choose_move(&mut self, start: &Board, moves: &[Move], limit: &MoveLimit) -> Result<PlayerMove, PlayerError> {
        let mut board = start.clone();
        let mut keys = Vec::with_capacity(moves.len());
        // Only a network opponent model reads the game's positions.
        let reads_positions = matches!(self.engine.opponent_model(), OpponentModelChoice::Networks(_));
        let mut positions = Vec::new();
        for &mv in moves {
            keys.push(board.hash());
            if reads_positions {
                positions.push(board.clone());
            }
            board.play(mv);
        }
        let limits = search_limits(limit);
        let result = self.engine.search(SearchRequest::new(&board, &limits).after(&keys).with_positions(&positions));
        if result.best_move.is_null() {
            return Err(PlayerError::IllegalMove("asked to move in a finished game".into()));
        }
        let (score_cp, mate) = if is_mate_score(result.score) {
            let plies = MATE - result.score.abs();
            let moves_to_mate = (plies + 1) / 2;
            (None, Some(if result.score > 0 { moves_to_mate } else { -moves_to_mate }))
        } else {
            (Some(result.score), None)
        };
        let note = (result.best_move != result.plain_move)
            .then(|| format!("trappy {} over plain {}", result.best_move, result.plain_move));
        let trappy = self.engine.last_trap_choice().map(|choice| TrappyChoice {
            plain_move: choice.plain,
            trap_replies: choice.trap_replies.clone(),
            predicted_reply: choice.predicted_reply,
        });
        Ok(PlayerMove { mv: result.best_move, score_cp, mate, depth: Some(result.depth), note, trappy })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::opponent::OpponentKind;

    #[test]
    fn an_opponent_it_is_told_of_changes_its_contempt() {
        let mut player = InProcessPlayer::new("p", &[], 1).expect("valid");
        let weaker = OpponentInfo { title: None, elo: Some(1100), kind: OpponentKind::Human, name: "maia".into() };
        player.set_opponent(Some(&weaker));
        assert!(player.engine.stance().contempt > 0);
        player.set_opponent(None);
        assert_eq!(player.engine.stance().contempt, 0);
    }

    #[test]
    fn overrides_are_checked_and_moves_are_legal() {
        assert!(InProcessPlayer::new("bad", &[("NoSuchOption".into(), 1)], 1).is_err());
        assert!(InProcessPlayer::new("bad", &[("TrapTrust".into(), 100_000)], 1).is_err());
        let mut player = InProcessPlayer::new("plain", &[("Traps".into(), 2)], 1).expect("valid");
        player.new_game().expect("new game");
        let start = Board::startpos();
        let e4 = start.parse_uci_move("e2e4").expect("legal");
        let reply = player.choose_move(&start, &[e4], &MoveLimit::Depth(4)).expect("a move");
        let mut after = start.clone();
        after.play(e4);
        assert!(after.is_legal(reply.mv));
        assert!(reply.score_cp.is_some() && reply.depth == Some(4));
        let mated = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").expect("valid");
        let mate = player.choose_move(&mated, &[], &MoveLimit::Nodes(20_000)).expect("a move");
        assert_eq!(mate.mate, Some(1));
    }
}
