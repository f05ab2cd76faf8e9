//! The annotator's view (`trappy traps`): every root move with its exact
//! value and every reply that some shallower iteration preferred for the
//! opponent but that loses at the final depth. No budget: each root move
//! and each such reply gets a full-window search sharing the main table.

use super::expected::{ReplyOutcome, ResultCurve};
use super::root_history::{predict, RootHistory, MAX_TRACKED_DEPTH, SHALLOWEST_VIEW};
use super::TrapConfig;
use crate::search::root_policy::{IterationSummary, RootProbe};
use crate::search::score::INFINITY;
use movegen::Move;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnnotatedTrap {
    pub reply: Move,
    /// (iteration depth, our score) at the iterations that preferred the
    /// reply, then its value at the final depth.
    pub vector: Vec<(usize, i32)>,
    pub profit: i32,
    /// The share of shallow iterations (2 to D-1) that preferred the
    /// reply, 0..=1000: how many depths it fools.
    pub trappiness: i32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AnnotatedRoot {
    pub mv: Move,
    pub raw: i32,
    /// What the iterations' predicted reply adds to the move's expected
    /// score (`expected.rs`), in points.
    pub gain: f64,
    /// The curve the expected score is counted on.
    pub curve: ResultCurve,
    /// Best profit first.
    pub traps: Vec<AnnotatedTrap>,
}

impl AnnotatedRoot {
    /// The move's expected score against the iterations' opponent.
    pub fn expected(&self) -> f64 {
        self.curve.points(self.raw) + self.gain
    }
}

/// Annotates every root move; `None` when the searches were cut short.
pub fn annotate_roots(
    probe: &mut RootProbe<'_>,
    summary: &IterationSummary<'_>,
    histories: &[RootHistory],
    config: &TrapConfig,
) -> Option<Vec<AnnotatedRoot>> {
    let depth = summary.depth as usize;
    // The histories stop at their last tracked depth; so does the annotation.
    if depth >= MAX_TRACKED_DEPTH {
        return None;
    }
    let mut roots = Vec::new();
    for &mv in summary.root_order {
        let history = histories.iter().find(|h| h.mv == mv)?;
        let raw = probe.search(&[mv], depth as i32 - 1, -INFINITY, INFINITY)?;
        let prediction = predict(history, depth);
        let final_reply =
            if mv == summary.root_order[0] { summary.pv.get(1).copied() } else { history.preferred[depth] };
        let mut replies: Vec<Move> = (SHALLOWEST_VIEW..depth).filter_map(|d| history.preferred[d]).collect();
        replies.sort_by_key(|mv| mv.to_string());
        replies.dedup();
        let mut traps = Vec::new();
        let mut gain = 0.0;
        for reply in replies.into_iter().filter(|&r| Some(r) != final_reply) {
            let value = probe.search(&[mv, reply], depth as i32 - 2, -INFINITY, INFINITY)?;
            let profit = value - raw;
            if profit <= 0 {
                continue;
            }
            let fooled: Vec<usize> =
                (SHALLOWEST_VIEW..depth).filter(|&d| history.preferred[d] == Some(reply)).collect();
            let trappiness = (1000 * fooled.len() / (depth - SHALLOWEST_VIEW).max(1)) as i32;
            let mut vector: Vec<(usize, i32)> =
                fooled.iter().filter_map(|&d| history.values[d].map(|v| (d, v.value))).collect();
            vector.push((depth, value));
            if prediction == Some(reply) {
                // The iterations' guess is one reply, certain.
                let outcome = ReplyOutcome { reply, probability: 1.0, value };
                gain = config.expectation().reply_gain(raw, &outcome);
            }
            traps.push(AnnotatedTrap { reply, vector, profit, trappiness });
        }
        traps.sort_by_key(|trap| std::cmp::Reverse(trap.profit));
        roots.push(AnnotatedRoot { mv, raw, gain, curve: config.curve, traps });
    }
    Some(roots)
}
