//! The decision deeper than the search, under a cap on it
//! (`TrapConfig::least_depth`): the plain move searched again at the
//! decision's depth, and an alternative counted for its traps alone.

use super::{Aborted, Alternative, Verifier};
use crate::search::root_policy::{IterationSummary, RootProbe};
use crate::search::score::{INFINITY, MATE_BOUND};
use crate::trappy::expected::ReplyOutcome;
use crate::trappy::replies::LikelyReply;
use movegen::Move;

/// The plain move's exact score and the reply that refutes it, at the
/// decision's depth.
#[derive(Copy, Clone)]
pub(super) struct PlainLine {
    pub(super) score: i32,
    pub(super) reply: Option<Move>,
}

impl PlainLine {
    /// The search's own at its depth; at a deeper decision's, the plain
    /// move searched again with a full window. `None` when the allowance
    /// or the clock cut that short.
    pub(super) fn at(probe: &mut RootProbe<'_>, summary: &IterationSummary<'_>, depth: usize) -> Option<PlainLine> {
        if depth == summary.depth as usize {
            return Some(PlainLine { score: summary.score, reply: summary.pv.get(1).copied() });
        }
        let plain = summary.root_order[0];
        let score = probe.search(&[plain], depth as i32 - 1, -INFINITY, INFINITY)?;
        Some(PlainLine { score, reply: probe.stored_reply(plain).map(|stored| stored.reply) })
    }
}

impl Verifier<'_, '_> {
    /// `verify` at a decision deeper than the search, where the plain move
    /// is not the best by construction: `mv`'s exact value, and its
    /// replies' values above it, counted as if `mv` were worth no more than
    /// the plain move. A better move is no trap, and the limited engine
    /// was calibrated without the deeper view: what an alternative gains
    /// here comes from the opponent's likely mistakes alone. Most
    /// alternatives are worse than the plain move by more than any trap
    /// could make up for (below `floor`), and the search's order of them
    /// is a shallower one: one null-window search settles those first.
    pub(super) fn verify_deeper(
        &mut self,
        mv: Move,
        replies: &[LikelyReply],
        floor: i32,
        target: f64,
    ) -> Result<Option<Alternative>, Aborted> {
        if !self.reaches(mv, floor)? {
            return Ok(None);
        }
        let depth = self.depth() as i32 - 1;
        let raw = self.probe.search(&[mv], depth, -INFINITY, INFINITY).ok_or(Aborted)?;
        // A mate the search did not see is no trap either.
        if raw.abs() >= MATE_BOUND {
            return Ok(None);
        }
        let above_plain = (raw - self.plain_score()).max(0);
        let counted = raw - above_plain;
        let outcomes: Vec<ReplyOutcome> = (self.outcomes(mv, replies, raw, raw + self.config.profit_cap)?)
            .into_iter()
            .map(|outcome| ReplyOutcome { value: outcome.value - above_plain, ..outcome })
            .collect();
        let value = self.config.expectation().score(counted, &outcomes);
        if value < target {
            return Ok(None);
        }
        let trap_replies = self.record_traps(mv, &outcomes, counted, counted);
        Ok(Some(Alternative { mv, value, trap_replies }))
    }
}
