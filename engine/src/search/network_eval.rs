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
        if self.keys[ply] == Some(parent.hash()) {
            let (below, above) = self.stack.split_at_mut(next);
            above[0].update_from(&below[ply], &self.network, parent, child);
        } else {
            self.stack[next] = Accumulator::from_scratch(&self.network, child);
        }
        self.keys[next] = Some(child.hash());
    }

    /// The network's score of `board`, at `ply`, for the side to move.
    #[inline]
    pub fn score(&mut self, board: &Board, ply: usize) -> i32 {
        if ply >= self.stack.len() {
            return Accumulator::from_scratch(&self.network, board).score(&self.network, board.side_to_move());
        }
        if self.keys[ply] != Some(board.hash()) {
            self.stack[ply] = Accumulator::from_scratch(&self.network, board);
            self.keys[ply] = Some(board.hash());
        }
        self.stack[ply].score(&self.network, board.side_to_move())
    }
}
