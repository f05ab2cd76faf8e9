//! The decision's parameters, read from the tunables. The model's own
//! (`TrapTemperature`, `TrapOpponentGap`) go with it (`reply_model.rs`).

use super::expected::{Expectation, ResultCurve};
use super::reply_model::NETWORK_PASS_NODES;
use crate::tunables::Tunables;

/// What the decision counts on for one reply searched at two plies less
/// than the main search, from the main table (some 600 nodes at depth 6).
const REPLY_SEARCH_NODES: u64 = 625;

/// The moves a decision that never starves can look at: the plain move
/// and four alternatives. With nothing but the allowance to stop it, nine
/// took twice the time at depth 6 for no measurable gain
/// (docs/results/one-cap.md).
const FLOOR_MOVES: u64 = 5;

/// The replies counted for each: in the median position a Maia policy's
/// likeliest three carry the coverage's 80 % and five carry 90 %
/// (docs/trappy-root.md); four cover a typical move.
const FLOOR_REPLIES: u64 = 4;

/// When traps are set (`Traps`): the one switch. Each mode's value is its
/// place among the option's choices (`auto`, `on`, `off`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TrapMode {
    /// Against an opponent known to be fallible (`crate::opponent` decides).
    Auto = 0,
    /// Whatever is known of the opponent.
    On = 1,
    /// Never: the plain engine, node for node.
    Off = 2,
}

impl TrapMode {
    /// The mode `Traps` holds in `t`.
    pub fn of(t: &Tunables) -> TrapMode {
        match t.trap_mode {
            1 => TrapMode::On,
            2 => TrapMode::Off,
            _ => TrapMode::Auto,
        }
    }

    /// The value `Traps` holds for this mode (its place in the choices).
    pub fn tunable_value(self) -> i32 {
        self as i32
    }
}

/// The decision's parameters in the units it counts in: scores in
/// centipawns, the expected score's quantities in points and shares from 0
/// to 1, the node budget in percent.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TrapConfig {
    /// Whether traps are set: `Traps` on, or `auto` resolved to on for a
    /// fallible opponent. Still `auto` here, nothing resolved it: off.
    pub mode: TrapMode,
    /// The trust in the opponent model, 0 to 1.
    pub trust: f64,
    /// A reply's value counts up to this many centipawns above the plain
    /// move's score (the verification's window).
    pub profit_cap: i32,
    /// What an alternative's expected score must beat the plain move's
    /// by, in points.
    pub margin: f64,
    /// The share of the model's probability, 0 to 1, whose replies are
    /// searched, the likeliest first: the one cap on the reply list.
    pub coverage: f64,
    /// The score-to-result curve the expected score is counted on.
    pub curve: ResultCurve,
    /// The decision's nodes, in percent of the search's, never fewer than
    /// the floor: the one cap on its cost.
    pub budget_percent: u64,
}

impl TrapConfig {
    pub fn from_tunables(t: &Tunables) -> TrapConfig {
        // The table's ranges hold every value here (`Tunables::set`).
        TrapConfig {
            mode: TrapMode::of(t),
            trust: f64::from(t.trap_trust) / 100.0,
            profit_cap: t.trap_profit_cap,
            margin: f64::from(t.trap_margin) / 1000.0,
            coverage: f64::from(t.trap_coverage) / 1000.0,
            curve: ResultCurve { centre: t.trap_result_centre, scale: t.trap_result_scale },
            budget_percent: t.trap_budget as u64,
        }
    }

    /// Whether traps are set. When not, the search is plain. (With a zero
    /// cap the root still runs, and can never gain: a test relies on
    /// that.)
    pub fn enabled(&self) -> bool {
        self.mode == TrapMode::On
    }

    /// How replies are weighed: the trust in the model, 0 to 1, and the
    /// curve.
    pub fn expectation(&self) -> Expectation {
        Expectation { trust: self.trust, curve: self.curve }
    }

    /// The nodes the decision may spend after a search of `searched`
    /// nodes: `TrapBudget` percent of them, and never less than the floor.
    pub fn allowance(&self, searched: u64) -> u64 {
        (searched / 100).saturating_mul(self.budget_percent).max(self.floor_nodes())
    }

    /// The least a decision gets: for the plain move and four
    /// alternatives the model's distribution (a forward pass, the dearer
    /// model) and their likely replies searched. A share of a small search
    /// (depth 6 is some 9,000 nodes) leaves two forward passes, and the
    /// decision changed 0.1 % of moves where with all it needs it changed
    /// ten times as many (docs/results/decision-floor.md).
    pub fn floor_nodes(&self) -> u64 {
        FLOOR_MOVES * (NETWORK_PASS_NODES + FLOOR_REPLIES * REPLY_SEARCH_NODES)
    }
}
