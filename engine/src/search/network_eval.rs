//! The network evaluation inside the search: one accumulator per ply,
//! each tagged with the key of the position it holds. A child's comes
//! from its parent's by the move's few changed inputs; a position reached
//! some other way (a root policy's line, a fresh search) finds no
//! matching tag and is summed from scratch, so a missed update costs time,
//! never a wrong score.

use crate::nnue::{Accumulator, Network};
use movegen::Board;
use std::sync::Arc;

use super::score::MAX_PLY;

pub(crate) struct NetworkEval {
    network: Arc<Network>,
    stack: Vec<Accumulator>,
    /// The key of the position each ply's accumulator holds.
    keys: Vec<Option<u64>>,
}

impl NetworkEval {
    pub fn new(network: Arc<Network>) -> NetworkEval {
        let blank = Accumulator::from_scratch(&network, &Board::startpos());
        NetworkEval { network, stack: vec![blank; MAX_PLY + 2], keys: vec![None; MAX_PLY + 2] }
    }

    pub fn network(&self) -> &Arc<Network> {
        &self.network
    }

    /// Makes ply + 1's accumulator that of `child`, a move from `parent`
    /// at `ply`.
    #[inline]
    pub fn enter_child(&mut self, parent: &Board, child: &Board, ply: usize) {
        let next = ply + 1;
        if next >= self.stack.len() {
            return;
        }
        // A parent reached without an update (the root, a root policy's
        // line) is summed once here, so its other children update from it.
        self.hold(parent, ply);
        let (below, above) = self.stack.split_at_mut(next);
        above[0].update_from(&below[ply], &self.network, parent, child);
        self.keys[next] = Some(child.hash());
    }

    /// The network's score of `board`, at `ply`, for the side to move.
    #[inline]
    pub fn score(&mut self, board: &Board, ply: usize) -> i32 {
        if ply >= self.stack.len() {
            return Accumulator::from_scratch(&self.network, board).score(&self.network, board);
        }
        self.hold(board, ply);
        self.stack[ply].score(&self.network, board)
    }

    /// Makes `ply`'s accumulator hold `board`, summing it from scratch
    /// unless it already does.
    #[inline]
    fn hold(&mut self, board: &Board, ply: usize) {
        if self.keys[ply] != Some(board.hash()) {
            self.stack[ply] = Accumulator::from_scratch(&self.network, board);
            self.keys[ply] = Some(board.hash());
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::nnue::{random_network, Accumulator};
    use crate::search::{SearchLimits, SearchRequest, Searcher};
    use movegen::Board;
    use std::sync::Arc;

    #[test]
    fn a_search_with_a_network_uses_its_scores_and_repeats_itself() {
        let network = Arc::new(random_network(5));
        let quiet =
            Board::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4").expect("valid");
        let mut searcher = Searcher::new(1);
        searcher.set_network(Some(Arc::clone(&network)));
        // Depth-0 quiescence with no good capture stands pat on the network's score.
        let stand_pat = Accumulator::from_scratch(&network, &quiet).score(&network, &quiet);
        assert!(searcher.quiescence(&quiet) >= stand_pat);
        let first = searcher.search(SearchRequest::new(&quiet, &SearchLimits::depth(5)));
        searcher.new_game();
        let second = searcher.search(SearchRequest::new(&quiet, &SearchLimits::depth(5)));
        assert_eq!((first.best_move, first.score, first.nodes), (second.best_move, second.score, second.nodes));
        // The classical evaluation searches another tree.
        let mut classical = Searcher::new(1);
        let plain = classical.search(SearchRequest::new(&quiet, &SearchLimits::depth(5)));
        assert_ne!(plain.nodes, first.nodes);
        searcher.set_network(None);
        searcher.new_game();
        let back = searcher.search(SearchRequest::new(&quiet, &SearchLimits::depth(5)));
        assert_eq!(back.nodes, plain.nodes);
    }
}
