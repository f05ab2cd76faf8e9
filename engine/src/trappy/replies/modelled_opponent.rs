//! The modelled opponent, with a searcher of its own: after one of our
//! root moves it gives its likely replies as its model (`ReplyModel`) says:
//! the natural model's scores, a network's policy, or the paper's search
//! of the position `D - gap` plies deep, from its own table and history,
//! as a shallower engine would at its own root.
//!
//! Why not the main search's data, or a search that shares the main
//! table? Both know what our deeper search learned: the main table cuts
//! the opponent's search short with our deeper values, so its "best
//! reply" is ours and it sees through the very traps it should fall for.
//! The opponent's own table lives for the game, as a real engine's does.

use super::{LikelyReply, ReplyModel};
use crate::lc0::Scratch;
use crate::search::root_policy::RootProbe;
use crate::search::{SearchLimits, SearchRequest, Searcher};
use movegen::{Board, Move};
use std::time::Duration;

/// The opponent's table: small, since it only ever searches a few plies.
const OPPONENT_HASH_MB: usize = 2;

pub struct ModelledOpponent {
    searcher: Searcher,
    scratch: Scratch,
}

/// The model ran out of the policy's allowance, the clock, or was
/// stopped: it did not finish.
pub struct OutOfBudget;

impl Default for ModelledOpponent {
    fn default() -> Self {
        let mut searcher = Searcher::new(OPPONENT_HASH_MB);
        // Its time limit is what is left of ours, overhead already paid.
        searcher.move_overhead = Duration::ZERO;
        ModelledOpponent { searcher, scratch: Scratch::default() }
    }
}

impl ModelledOpponent {
    /// A new game: the opponent forgets its table and history.
    pub fn new_game(&mut self) {
        self.searcher.new_game();
    }

    /// The positions after each move of `line` (moves from the root),
    /// `None` when one is not legal; the model's searcher takes the main
    /// search's tunables.
    fn positions_after(&mut self, probe: &RootProbe<'_>, line: &[Move]) -> Option<Vec<Board>> {
        let mut positions = Vec::with_capacity(line.len());
        let mut board = probe.root().clone();
        for &mv in line {
            if !board.is_legal(mv) {
                return None;
            }
            board.play(mv);
            positions.push(board.clone());
        }
        if self.searcher.tunables() != probe.tunables() {
            self.searcher.set_tunables(probe.tunables().clone());
        }
        self.searcher.set_contempt(probe.contempt());
        // The opponent is modelled with the engine's own evaluation.
        self.searcher.set_network(probe.network().cloned());
        Some(positions)
    }

    /// The likely replies after `root_move` when our search reached
    /// `depth`, most likely first, as `model` predicts them; the searched
    /// model's one reply is certain. Its cost is charged to the allowance.
    /// `Ok(None)` when `root_move` is not legal, leaves the opponent
    /// without a move, or the searched model would search no ply.
    pub fn replies(
        &mut self,
        probe: &mut RootProbe<'_>,
        root_move: Move,
        model: &ReplyModel,
        depth: usize,
    ) -> Result<Option<Vec<LikelyReply>>, OutOfBudget> {
        let replies = match model {
            ReplyModel::Search { gap } => {
                let Some(opponent_depth) = depth.checked_sub(*gap).filter(|&d| d >= 1) else { return Ok(None) };
                let reply = self.best_reply(probe, root_move, opponent_depth as i32)?;
                reply.map(|reply| vec![LikelyReply { reply, probability: 1.0 }])
            }
            _ => self.distribution(probe, &[root_move], model)?,
        };
        Ok(replies.filter(|replies| !replies.is_empty()))
    }

    /// The likely replies in the position after `line` (moves from the
    /// root, the opponent to move at its end), most likely first, as the
    /// natural model or a network predicts them; its cost is charged to
    /// the allowance. `Ok(None)` when `line` is not legal, leaves the
    /// opponent without a move, or the model is the searched one (which
    /// gives its reply after our root move alone).
    pub fn replies_after(
        &mut self,
        probe: &mut RootProbe<'_>,
        line: &[Move],
        model: &ReplyModel,
    ) -> Result<Option<Vec<LikelyReply>>, OutOfBudget> {
        if matches!(model, ReplyModel::Search { .. }) {
            return Ok(None);
        }
        let replies = self.distribution(probe, line, model)?;
        Ok(replies.filter(|replies| !replies.is_empty()))
    }

    /// The natural model's or the network's probability for every reply
    /// after `line`. A network reads the game as it stands: the positions
    /// before the root, the root, then the positions along the line.
    fn distribution(
        &mut self,
        probe: &mut RootProbe<'_>,
        line: &[Move],
        model: &ReplyModel,
    ) -> Result<Option<Vec<LikelyReply>>, OutOfBudget> {
        let Some(after) = self.positions_after(probe, line) else { return Ok(None) };
        if probe.nodes_left() == 0 || probe.limits_reached() {
            return Err(OutOfBudget);
        }
        let mut game: Vec<Board> = probe.game_positions().to_vec();
        game.push(probe.root().clone());
        game.extend(after);
        // Charging the nodes marks the allowance spent when they reach it.
        match model.likely_replies(&game, &mut self.searcher, &mut self.scratch, probe.nodes_left()) {
            Ok((replies, nodes)) => {
                probe.charge(nodes);
                if probe.limits_reached() {
                    return Err(OutOfBudget);
                }
                Ok(Some(replies))
            }
            Err(spent) => {
                probe.charge(spent);
                Err(OutOfBudget)
            }
        }
    }

    /// The reply the opponent plays after `root_move`, searching `depth`
    /// plies with the main search's tunables, within what is left of the
    /// probe's allowance and clock, and stopping with it; its nodes are
    /// charged to the allowance. `Ok(None)` when `root_move` is not legal
    /// or leaves the opponent without a move.
    fn best_reply(
        &mut self,
        probe: &mut RootProbe<'_>,
        root_move: Move,
        depth: i32,
    ) -> Result<Option<Move>, OutOfBudget> {
        let Some(after) = self.positions_after(probe, &[root_move]).and_then(|mut p| p.pop()) else {
            return Ok(None);
        };
        self.searcher.share_stop_flag(probe.stop_flag());
        let allowance = probe.nodes_left();
        let time_left = probe.time_left();
        if allowance == 0 || probe.limits_reached() || time_left.is_some_and(|t| t.is_zero()) {
            return Err(OutOfBudget);
        }
        let depth = depth.max(1);
        let limits =
            SearchLimits { depth: Some(depth), nodes: Some(allowance), movetime: time_left, ..SearchLimits::default() };
        let result = self.searcher.search(SearchRequest::new(&after, &limits).after(probe.game_keys()));
        // Charging the nodes marks the allowance spent when they reach it.
        probe.charge(result.nodes);
        let finished = result.depth >= depth || result.best_move.is_null();
        if !finished || probe.limits_reached() {
            return Err(OutOfBudget);
        }
        Ok(Some(result.best_move).filter(|mv| !mv.is_null()))
    }
}
