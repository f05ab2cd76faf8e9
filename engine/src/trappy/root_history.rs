//! What the main search learned about each root move, iteration by
//! iteration: the reply the opponent preferred after it, and the move's
//! value or bound. Gathered from the main table after every iteration
//! (the PV move from the principal variation), so it costs no search.
//!
//! Stored by root move and iteration depth; nothing is keyed by a
//! truncated hash, so no collision can silently lose a trap.

use crate::search::root_policy::{IterationSummary, RootProbe};
use crate::search::tt::Bound;
use movegen::Move;

/// Root iteration depths we keep data for.
pub const MAX_TRACKED_DEPTH: usize = 64;

/// A root move's value at one iteration, from the root side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RootValue {
    pub value: i32,
    /// `Exact`, or `Upper` for a move the search refuted.
    pub bound: Bound,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootHistory {
    pub mv: Move,
    /// The opponent's preferred reply, by iteration depth: the PV reply
    /// for the best move, the refutation for the others. `None` is a hole.
    pub preferred: [Option<Move>; MAX_TRACKED_DEPTH],
    pub values: [Option<RootValue>; MAX_TRACKED_DEPTH],
}

impl RootHistory {
    pub fn new(mv: Move) -> RootHistory {
        RootHistory { mv, preferred: [None; MAX_TRACKED_DEPTH], values: [None; MAX_TRACKED_DEPTH] }
    }

    /// The preferred reply at `depth`, a hole filled from the next deeper
    /// iteration (as Beowulf did) up to `final_depth`, with the depth the
    /// answer came from. Filling from deeper makes the opponent look as
    /// strong as the deeper search, the safe direction: with no data a
    /// move looks trap-free.
    pub fn preferred_filled(&self, depth: usize, final_depth: usize) -> Option<(Move, usize)> {
        (depth..=final_depth.min(MAX_TRACKED_DEPTH - 1)).find_map(|d| self.preferred[d].map(|mv| (mv, d)))
    }
}

/// Records iteration `summary` for every root move: one table probe each.
/// An entry counts when it is at least as deep as the iteration searched
/// the move's position (less the internal-iterative reduction); a
/// shallower one is older news, a hole.
pub fn record_iteration(histories: &mut Vec<RootHistory>, probe: &RootProbe<'_>, summary: &IterationSummary<'_>) {
    let d = summary.depth as usize;
    if d >= MAX_TRACKED_DEPTH {
        return;
    }
    for &mv in summary.root_order {
        let index = match histories.iter().position(|h| h.mv == mv) {
            Some(index) => index,
            None => {
                histories.push(RootHistory::new(mv));
                histories.len() - 1
            }
        };
        let history = &mut histories[index];
        if summary.pv.first() == Some(&mv) {
            history.preferred[d] = summary.pv.get(1).copied();
            history.values[d] = Some(RootValue { value: summary.score, bound: Bound::Exact });
        } else if let Some(stored) = probe.stored_reply(mv).filter(|s| s.depth >= summary.depth - 2) {
            history.preferred[d] = Some(stored.reply);
            history.values[d] = Some(RootValue { value: stored.value, bound: stored.bound });
        }
    }
}
