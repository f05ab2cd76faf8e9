//! Trap parameters, read from the tunables.

use super::expected::{Expectation, ResultCurve};
use crate::tunables::Tunables;

/// How the opponent model predicts the reply to a root move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TrapMethod {
    /// The natural-move model (`natural.rs`): an opponent who does not
    /// search plays each reply with a softmax probability of how it looks
    /// after one ply and quiescence, at `TrapTemperature`. Made for humans
    /// and engines that play what looks natural.
    Natural,
    /// At the decision, the opponent's own search (`opponent.rs`): a
    /// searcher with its own table searches `D - gap` plies after the root
    /// move, and its best reply is certain. Made for engines that search
    /// less deep than we do.
    Search,
}

/// What a human-move network's forward pass is charged against the
/// decision's allowance: about its time at the search's speed (a Maia
/// network's pass takes some 1.5 ms).
pub const NETWORK_PASS_NODES: u64 = 1_500;

/// What the decision counts on for one reply searched at two plies less
/// than the main search, from the main table (some 600 nodes at depth 6).
const REPLY_SEARCH_NODES: u64 = 625;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrapConfig {
    /// The trust in the opponent model, in percent; 0 disables traps.
    pub scale: i32,
    /// A reply's value counts up to this many centipawns above the plain
    /// move's score (the verification's window).
    pub profit_cap: i32,
    /// What an alternative's expected score must beat the plain move's
    /// by, in permille of a point.
    pub margin: i32,
    /// The share of the model's probability (permille) whose replies are
    /// searched, at most `max_replies` of them.
    pub coverage: i32,
    pub max_replies: usize,
    /// The opponent searches this many plies less than we do.
    pub opponent_gap: usize,
    pub method: TrapMethod,
    /// The natural-move model's softmax temperature, in centipawns.
    pub temperature: i32,
    /// The score-to-result curve the expected score is counted on.
    pub curve: ResultCurve,
    /// The verification's nodes, in percent of the search's.
    pub budget_percent: u64,
    /// Alternatives verified at most per search; with `Search`, the
    /// alternatives the model searches after.
    pub candidates: usize,
}

impl TrapConfig {
    pub fn from_tunables(t: &Tunables) -> TrapConfig {
        // The table's ranges hold every value here (`Tunables::set`).
        TrapConfig {
            scale: t.trap_scale,
            profit_cap: t.trap_profit_cap,
            margin: t.trap_margin,
            coverage: t.trap_coverage,
            max_replies: t.trap_replies as usize,
            opponent_gap: t.trap_opponent_gap as usize,
            method: if t.trap_method == 0 { TrapMethod::Natural } else { TrapMethod::Search },
            temperature: t.trap_temperature,
            curve: ResultCurve { centre: t.trap_result_centre, scale: t.trap_result_scale },
            budget_percent: t.trap_budget as u64,
            candidates: t.trap_candidates as usize,
        }
    }

    /// Whether traps are set. When not, the search is plain. (With a zero
    /// cap the root still runs, and can never gain: a test relies on
    /// that.)
    pub fn enabled(&self) -> bool {
        self.scale > 0
    }

    /// How replies are weighed: the trust in the model, 0 to 1, and the
    /// curve.
    pub fn expectation(&self) -> Expectation {
        Expectation { trust: f64::from(self.scale) / 100.0, curve: self.curve }
    }

    /// The margin in points.
    pub fn margin_points(&self) -> f64 {
        f64::from(self.margin) / 1000.0
    }

    /// The nodes the decision may spend after a search of `searched`
    /// nodes: `TrapBudget` percent of them, and never less than the floor.
    pub fn allowance(&self, searched: u64) -> u64 {
        (searched / 100).saturating_mul(self.budget_percent).max(self.floor_nodes())
    }

    /// What one full decision costs: the plain move and every candidate
    /// each get the model's distribution (a forward pass, the dearer
    /// model) and their likely replies searched. A share of a small search
    /// (depth 6 is some 9,000 nodes) leaves two forward passes, and the
    /// decision changed 0.1 % of moves where with all it needs it changed
    /// ten times as many (docs/results/decision-floor.md).
    pub fn floor_nodes(&self) -> u64 {
        let per_move = NETWORK_PASS_NODES + self.max_replies as u64 * REPLY_SEARCH_NODES;
        (self.candidates as u64 + 1) * per_move
    }

    /// The coverage, 0 to 1.
    pub fn coverage_share(&self) -> f64 {
        f64::from(self.coverage) / 1000.0
    }
}
