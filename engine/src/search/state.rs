//! What lives for one search only: counters, limits, the abort flag, the
//! repetition keys and the principal variation. A search starts from a
//! fresh `SearchState`, so nothing of the previous one can leak into it.

use super::history::{Continuation, PieceTo};
use super::score::MAX_PLY;
use super::time::TimeManager;
use movegen::{Board, Move};

pub(crate) struct SearchState {
    pub nodes: u64,
    pub seldepth: usize,
    /// The node limit in force: the search's own, or a lower one while a
    /// root policy runs its bounded searches.
    pub node_limit: u64,
    /// The search's own node limit.
    pub search_node_limit: u64,
    pub timer: Option<TimeManager>,
    pub aborted: bool,
    /// Keys of the game before the root, then of the search path.
    pub keys: Vec<u64>,
    pub pv: PvTable,
    /// The move played at each ply of the current line (`PieceTo::NONE`
    /// for a null move), which continuation history keys on.
    pub played: [PieceTo; MAX_PLY + 1],
    /// The move a singular-extension check leaves out at each ply
    /// (`Move::NULL` when none is).
    pub excluded: [Move; MAX_PLY + 1],
}

impl SearchState {
    pub fn new(node_limit: u64, timer: Option<TimeManager>, game_keys: &[u64], root_key: u64) -> SearchState {
        let mut keys = Vec::with_capacity(game_keys.len() + MAX_PLY + 1);
        keys.extend_from_slice(game_keys);
        keys.push(root_key);
        SearchState {
            nodes: 0,
            seldepth: 0,
            node_limit,
            search_node_limit: node_limit,
            timer,
            aborted: false,
            keys,
            pv: PvTable::new(),
            played: [PieceTo::NONE; MAX_PLY + 1],
            excluded: [Move::NULL; MAX_PLY + 1],
        }
    }

    /// Records `mv` (`Move::NULL` for a null move), played from `parent`
    /// at `ply`, as the line's move there; a ply beyond the stack is not
    /// recorded.
    pub fn record_played(&mut self, ply: usize, parent: &Board, mv: Move) {
        if let Some(slot) = self.played.get_mut(ply) {
            *slot = if mv.is_null() { PieceTo::NONE } else { PieceTo::of(parent, mv) };
        }
    }

    /// The two moves that led to the node at `ply`.
    pub fn continuation(&self, ply: usize) -> Continuation {
        let back = |n: usize| if ply >= n { self.played[(ply - n).min(MAX_PLY)] } else { PieceTo::NONE };
        Continuation { previous: back(1), before_previous: back(2) }
    }

    /// Whether the search as a whole must end: its own node limit or the
    /// hard time limit (the stop flag is checked by the searcher).
    pub fn hard_limit_reached(&self) -> bool {
        self.nodes >= self.search_node_limit || self.timer.as_ref().is_some_and(|t| t.hard_limit_reached())
    }
}

/// Triangular principal-variation table.
pub(crate) struct PvTable {
    moves: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    lengths: [usize; MAX_PLY + 1],
}

impl PvTable {
    fn new() -> PvTable {
        PvTable { moves: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]), lengths: [0; MAX_PLY + 1] }
    }

    pub fn clear_ply(&mut self, ply: usize) {
        self.lengths[ply] = 0;
    }

    /// `mv` followed by the child's line becomes this ply's line.
    pub fn update(&mut self, ply: usize, mv: Move) {
        let child_len = if ply < MAX_PLY { self.lengths[ply + 1] } else { 0 };
        self.moves[ply][0] = mv;
        for i in 0..child_len.min(MAX_PLY - 1) {
            self.moves[ply][i + 1] = self.moves[ply + 1][i];
        }
        self.lengths[ply] = child_len.min(MAX_PLY - 1) + 1;
    }

    pub fn line(&self, ply: usize) -> Vec<Move> {
        self.moves[ply][..self.lengths[ply]].to_vec()
    }
}
