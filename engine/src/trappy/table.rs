//! What the trap pass learns, stored by (root index, reply index, depth).
//!
//! Indices are positions in the legal move lists in generation order, which
//! never change during a search; nothing is keyed by a hash, so no
//! collision can silently lose a trap.

use movegen::{Board, Move};

/// Root iteration depths we keep data for.
pub const MAX_TRACKED_DEPTH: usize = 64;

/// One probe result from the root side's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Probe {
    Exact(i32),
    /// The score is at least this (the reply was searched with a window
    /// and did at least this badly for the opponent).
    AtLeast(i32),
    /// The score is at most this: a refutation of the root move.
    AtMost(i32),
}

impl Probe {
    /// The number to use in arithmetic: the bound itself for bounds.
    pub fn value(self) -> i32 {
        match self {
            Probe::Exact(v) | Probe::AtLeast(v) | Probe::AtMost(v) => v,
        }
    }
}

#[derive(Clone, Debug)]
pub struct ReplyData {
    pub mv: Move,
    /// The main search (or a root re-search) found this the opponent's
    /// best reply at some depth: always worth probing.
    pub seen_best: bool,
    /// Indexed by root iteration depth.
    pub probes: [Option<Probe>; MAX_TRACKED_DEPTH],
}

#[derive(Clone, Debug)]
pub struct RootData {
    pub mv: Move,
    /// The exact minimax value of this root move at each iteration depth,
    /// when the pass completed it (the move was viable there).
    pub raw: [Option<i32>; MAX_TRACKED_DEPTH],
    /// Iteration depths at which the pass started but found the move below
    /// the floor (refuted), so it cannot be chosen there.
    pub refuted: [bool; MAX_TRACKED_DEPTH],
    /// For the insurance bonus: how many of our moves stay within the
    /// insurance margin after the opponent's best reply.
    pub continuations: [Option<u8>; MAX_TRACKED_DEPTH],
    /// Whether depths 1 and 2 (static and quiescence views) are filled.
    pub naive_views_done: bool,
    pub replies: Vec<ReplyData>,
}

#[derive(Clone, Debug, Default)]
pub struct TrapTable {
    pub roots: Vec<RootData>,
}

impl TrapTable {
    /// One entry per legal root move, each with its legal replies.
    pub fn new(board: &Board) -> TrapTable {
        let roots = board
            .legal_moves()
            .iter()
            .map(|&mv| {
                let mut child = board.clone();
                child.play(mv);
                let replies = child
                    .legal_moves()
                    .iter()
                    .map(|&reply| ReplyData { mv: reply, seen_best: false, probes: [None; MAX_TRACKED_DEPTH] })
                    .collect();
                RootData {
                    mv,
                    raw: [None; MAX_TRACKED_DEPTH],
                    refuted: [false; MAX_TRACKED_DEPTH],
                    continuations: [None; MAX_TRACKED_DEPTH],
                    naive_views_done: false,
                    replies,
                }
            })
            .collect();
        TrapTable { roots }
    }

    pub fn root_index(&self, mv: Move) -> Option<usize> {
        self.roots.iter().position(|root| root.mv == mv)
    }

    /// Records that `reply` was the opponent's best answer to a root move
    /// at `depth` (its exact value then is the root move's value).
    pub fn mark_seen_best(&mut self, root_index: usize, reply: Move, depth: usize) {
        let root = &mut self.roots[root_index];
        let raw = root.raw[depth];
        if let Some(data) = root.replies.iter_mut().find(|data| data.mv == reply) {
            data.seen_best = true;
            if let (Some(value), None) = (raw, data.probes[depth]) {
                data.probes[depth] = Some(Probe::Exact(value));
            }
        }
    }
}
