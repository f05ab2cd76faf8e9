//! The softmax opponent model at the root (`WeakTopK` > 1): the k leading
//! root moves get exact scores and one of them is drawn, like a player who
//! sees the good moves but does not always pick the best.

use super::iterative::RootMove;
use super::score::INFINITY;
use super::{SearchResult, Searcher};
use crate::fallible::softmax_index;
use movegen::Board;

impl Searcher {
    /// Replaces `result`'s move with a softmax draw among the first
    /// `WeakTopK` root moves (in the final iteration's order). Each is
    /// searched with a full window one ply shallower than the final depth,
    /// within a budget as large as the search so far; a candidate the
    /// budget or the clock cuts off is left out of the draw.
    pub(super) fn softmax_root_pick(&mut self, board: &Board, root_moves: &[RootMove], result: &mut SearchResult) {
        let k = (self.tunables.weak_top_k.max(1) as usize).min(root_moves.len());
        if k < 2 || result.depth < 1 {
            return;
        }
        let depth = (result.depth - 1).max(1);
        let spent = self.state.nodes;
        self.state.aborted = false;
        if self.state.search_node_limit != u64::MAX {
            self.state.search_node_limit = spent.saturating_mul(2);
        }
        self.state.node_limit = self.state.search_node_limit;
        let mut candidates = Vec::with_capacity(k);
        for root in &root_moves[..k] {
            let mut child = board.clone();
            child.play(root.mv);
            self.enter_child(board, root.mv, &child, 0);
            let score = -self.negamax::<true>(&child, depth - 1, -INFINITY, INFINITY, 1, true);
            self.state.keys.pop();
            if self.state.aborted {
                break;
            }
            candidates.push((root.mv, score));
        }
        self.state.aborted = false;
        if candidates.len() < 2 {
            return;
        }
        let scores: Vec<i32> = candidates.iter().map(|&(_, score)| score).collect();
        let index = softmax_index(&scores, self.tunables.weak_temperature, board.hash(), self.tunables.weak_seed);
        let (mv, score) = candidates[index];
        if mv != result.best_move {
            result.pv = vec![mv];
        }
        // For an opponent model the draw is its "plain" choice too.
        (result.best_move, result.plain_move, result.score) = (mv, mv, score);
        result.nodes = self.state.nodes;
    }
}
