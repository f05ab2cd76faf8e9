//! The one hook through which a root policy (the trappy root) plugs into
//! the search. After each completed iteration the search says what it
//! learned, through a read-only probe; when it is done it asks which move
//! to play. Only then may the policy search: bounded searches from the
//! root that are the main search's own `negamax`, so, like any search,
//! they write the transposition table and the move-ordering history (the
//! next move's search starts from what they left, as it does from the
//! main search's). They run under an allowance the search enforces; nodes
//! the policy spends in searches of its own (outside the table and
//! history) are charged to it too. With no policy, or an inactive one,
//! the search is plain.

use super::tt::Bound;
use super::Searcher;
use crate::tunables::Tunables;
use movegen::{Board, Move};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// What one completed iteration found.
pub struct IterationSummary<'a> {
    pub depth: i32,
    /// The exact minimax score of the plain best move.
    pub score: i32,
    /// Root moves in the search's order after this iteration, best first.
    pub root_order: &'a [Move],
    /// Root moves in the order the search left them: at the end of a
    /// search, the last iteration's order as far as an iteration cut short
    /// re-sorted it (what a node-capped player saw last).
    pub searched_order: &'a [Move],
    /// The plain best move's principal variation.
    pub pv: &'a [Move],
}

/// What the main table holds for the position after a root move: the
/// reply the opponent preferred there, and the root move's value or
/// bound, from the root side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StoredReply {
    pub reply: Move,
    /// The depth the position after the root move was searched to.
    pub depth: i32,
    pub value: i32,
    /// `Upper` for a refuted root move: its value is at most `value`.
    pub bound: Bound,
}

/// A root policy: consulted after every iteration and at the end.
pub trait RootPolicy {
    /// Whether the policy wants to be consulted at all; when not, the
    /// search is exactly the plain search.
    fn is_active(&self) -> bool;

    /// The nodes `choose` may spend after a search of `searched` nodes that
    /// had no `go nodes` limit (a fallible player's own cap is the search's
    /// alone). Under such a limit the search holds back `allowance(0)` (at
    /// most half the limit) and `choose` gets what is left, so a policy
    /// that needs a floor gets it whatever the limits.
    fn allowance(&self, searched: u64) -> u64;

    /// An iteration finished. Cheap: the probe is read-only here.
    fn iteration_finished(&mut self, probe: &RootProbe<'_>, iteration: &IterationSummary<'_>);

    /// The search is over (its last completed iteration is `iteration`):
    /// the move to play instead of the plain one, if any.
    fn choose(&mut self, probe: &mut RootProbe<'_>, iteration: &IterationSummary<'_>) -> Option<Move>;
}

/// The policy's window on the search: the root, the table, and bounded
/// searches that share the table and history and cut off as the main
/// search does.
pub struct RootProbe<'a> {
    searcher: &'a mut Searcher,
    root: &'a Board,
    positions: &'a [Board],
}

impl<'a> RootProbe<'a> {
    pub(super) fn new(searcher: &'a mut Searcher, root: &'a Board, positions: &'a [Board]) -> RootProbe<'a> {
        RootProbe { searcher, root, positions }
    }

    pub fn root(&self) -> &Board {
        self.root
    }

    /// The game's positions before the root, oldest first, when the
    /// search's caller gave them (empty otherwise).
    pub fn game_positions(&self) -> &[Board] {
        self.positions
    }

    /// Nodes searched so far in this search, the policy's included.
    pub fn nodes(&self) -> u64 {
        self.searcher.state.nodes
    }

    /// Whether the allowance or the search's limits ran out: every
    /// further search returns `None`.
    pub fn limits_reached(&self) -> bool {
        self.searcher.state.aborted
    }

    /// The nodes the policy may still spend.
    pub fn nodes_left(&self) -> u64 {
        self.searcher.state.node_limit.saturating_sub(self.searcher.state.nodes)
    }

    /// Lowers the nodes the policy may still spend to `nodes` (a part of
    /// its allowance for one of two deciders) and returns the limit before,
    /// for `restore_allowance`.
    pub fn narrow_allowance(&mut self, nodes: u64) -> u64 {
        let state = &mut self.searcher.state;
        let before = state.node_limit;
        state.node_limit = before.min(state.nodes.saturating_add(nodes));
        before
    }

    /// Restores the limit `narrow_allowance` returned: searches run again
    /// unless the search as a whole must end.
    pub fn restore_allowance(&mut self, limit: u64) {
        self.searcher.state.node_limit = limit;
        self.searcher.state.aborted = self.searcher.hard_stop_reached() || self.searcher.state.nodes >= limit;
    }

    /// Counts `nodes` spent outside the probe (a search of the policy's
    /// own) against the allowance; when they use it up, further searches
    /// return `None`.
    pub fn charge(&mut self, nodes: u64) {
        let state = &mut self.searcher.state;
        state.nodes = state.nodes.saturating_add(nodes);
        if state.nodes >= state.node_limit {
            state.aborted = true;
        }
    }

    /// The positions of the game up to and including the root, oldest
    /// first: what a search of a position after the root needs for
    /// repetitions.
    pub fn game_keys(&self) -> &[u64] {
        &self.searcher.state.keys
    }

    pub fn tunables(&self) -> &Tunables {
        &self.searcher.tunables
    }

    /// The contempt the search plays with.
    pub fn contempt(&self) -> i32 {
        self.searcher.contempt
    }

    /// The main search's evaluation network (`None`: classical).
    pub fn network(&self) -> Option<&std::sync::Arc<crate::nnue::Network>> {
        self.searcher.network()
    }

    /// Time until the search's hard limit, if it has one.
    pub fn time_left(&self) -> Option<Duration> {
        self.searcher.state.timer.as_ref().and_then(|timer| timer.time_left())
    }

    /// The flag that stops the search: a search of the policy's own should
    /// stop with it.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.searcher.stop_flag()
    }

    /// The table's entry for the position after `root_move`, probed
    /// without side effects; `None` when there is none or its move is not
    /// a legal reply (a key collision).
    pub fn stored_reply(&self, root_move: Move) -> Option<StoredReply> {
        self.searcher.stored_reply(self.root, root_move)
    }

    /// The table's move in the position after `line` (legal moves from
    /// the root), probed without side effects; `None` when there is none,
    /// `line` is not legal, or the move is not legal there (a collision).
    pub fn stored_move(&self, line: &[Move]) -> Option<Move> {
        let mut board = self.root.clone();
        for &mv in line {
            if !board.is_legal(mv) {
                return None;
            }
            board.play(mv);
        }
        let hit = self.searcher.tt.probe(board.hash(), line.len())?;
        Some(hit.mv).filter(|&mv| !mv.is_null() && board.is_legal(mv))
    }

    /// Searches the position after `line` (legal moves from the root) to
    /// `depth` with the window `(alpha, beta)`, both from the root side's
    /// view, and returns the score from that view. A window wider than
    /// null gets a PV search. `None` when the allowance or the search's
    /// limits ran out, or `line` is not legal.
    pub fn search(&mut self, line: &[Move], depth: i32, alpha: i32, beta: i32) -> Option<i32> {
        if self.searcher.state.aborted || line.is_empty() {
            return None;
        }
        let mut board = self.root.clone();
        let pushed = self.searcher.state.keys.len();
        for (ply, &mv) in line.iter().enumerate() {
            if !board.is_legal(mv) {
                self.searcher.state.keys.truncate(pushed);
                return None;
            }
            self.searcher.state.record_played(ply, &board, mv);
            board.play(mv);
            self.searcher.state.keys.push(board.hash());
        }
        let ply = line.len();
        // From the mover's side at the end of the line.
        let ours = ply.is_multiple_of(2);
        let (a, b) = if ours { (alpha, beta) } else { (-beta, -alpha) };
        let score = if b - a > 1 {
            self.searcher.negamax::<true>(&board, depth, a, b, ply, true)
        } else {
            self.searcher.negamax::<false>(&board, depth, a, b, ply, true)
        };
        self.searcher.state.keys.truncate(pushed);
        if self.searcher.state.aborted {
            return None;
        }
        Some(if ours { score } else { -score })
    }
}
