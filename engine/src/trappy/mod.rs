//! The trappy root (Gordon, Vollmer & Frayn, "Trappy Minimax in chess"):
//! among moves of nearly equal value, prefer the one whose tempting reply
//! loses, when a fallible opponent is likely to play it.
//!
//! The search knows nothing of this module: `TrappyRoot` is a root policy
//! (`search::root_policy`). After every iteration it records, from the
//! main table, the reply the opponent preferred after each root move
//! (`root_history.rs`); at the end the opponent model gives the probability of
//! each reply (`replies/`: the natural model for one who plays what
//! looks natural, a human-move network, or the searched model for one who
//! searches less deep),
//! and `decide.rs` plays the move with the best expected score over those
//! replies (`expected.rs`) when it beats the plain move's by the margin.
//! With traps off (`Traps`; `stance.rs` decides `auto`) the policy is
//! inactive and the engine is the plain engine, node for node.

pub mod annotate;
pub mod decide;
pub mod expected;
pub mod odds_network;
pub mod replies;
pub mod root_history;
pub mod stance;

use crate::result_curve::ResultCurve;
use crate::search::root_policy::{IterationSummary, RootPolicy, RootProbe};
use crate::tunables::Tunables;
pub use decide::{TrapChoice, TrapFinding};
use expected::Expectation;
use movegen::Move;
use replies::modelled_opponent::ModelledOpponent;
use replies::{ReplyModel, NETWORK_PASS_NODES};
use root_history::{record_iteration, RootHistory};

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

/// The least a decision gets: for the plain move and four alternatives the
/// model's distribution (a forward pass, the dearer model) and their likely
/// replies searched. A share of a small search leaves a forward pass or
/// two, and then the decision changes almost nothing
/// (docs/results/decision-floor.md).
pub const FLOOR_NODES: u64 = FLOOR_MOVES * (NETWORK_PASS_NODES + FLOOR_REPLIES * REPLY_SEARCH_NODES);

/// What an alternative's expected score must beat the plain move's by, in
/// points: the plain move wins ties and near-ties. An option once; its SPSA
/// (docs/results/expected-score.md) wandered from 5 permille and back
/// without a direction, so it is a constant.
const MARGIN_POINTS: f64 = 0.005;

/// The least depth a decision looks at when a cap (`WeakNodes`,
/// `WeakDepth`) holds the search shallower: the depth at which the reply
/// searches (two plies less) see the punishment of the classic traps, the
/// capped search's own depth being too shallow for any (its 1500 level
/// reaches depth 2, where the decision cannot act). Measured in
/// docs/results/engine-in-use.md.
pub const CAPPED_DECISION_DEPTH: usize = 5;

/// When traps are set (`Traps`): the one switch. Each mode's value is its
/// place among the option's choices (`auto`, `on`, `off`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TrapMode {
    /// Against an opponent known to be fallible (`stance.rs` decides).
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
    /// Where the opponent moves again after our answer to its likeliest
    /// reply: the weight, 0 to 1, of its minimax value there against the
    /// model's expectation over its replies (1: it plays perfectly beyond
    /// its first reply, and nothing is searched for it).
    pub mix: f64,
    /// The score-to-result curve the expected score is counted on.
    pub curve: ResultCurve,
    /// The decision's nodes, in percent of the search's, never fewer than
    /// the floor: the one cap on its cost.
    pub budget_percent: u64,
    /// The least depth the decision looks at (0: the search's own). Under
    /// a cap on the search, a decision deeper than the capped search, in
    /// its own allowance, so that the limited engine sets traps its
    /// calibrated search is too shallow to see.
    pub least_depth: usize,
}

impl TrapConfig {
    pub fn from_tunables(t: &Tunables) -> TrapConfig {
        // The table's ranges hold every value here (`Tunables::set`).
        TrapConfig {
            mode: TrapMode::of(t),
            trust: f64::from(t.trap_trust) / 100.0,
            profit_cap: t.trap_profit_cap,
            margin: MARGIN_POINTS,
            coverage: f64::from(t.trap_coverage) / 1000.0,
            mix: f64::from(t.trap_mix) / 100.0,
            curve: ResultCurve::of_centipawns(t.trap_result_centre, t.trap_result_scale),
            budget_percent: t.trap_budget as u64,
            least_depth: if t.weak_nodes > 0 || t.weak_depth > 0 { CAPPED_DECISION_DEPTH } else { 0 },
        }
    }

    /// The parameters `tunables` give, with traps set, the trust, the mix and the
    /// curve as `stance` decided them for the opponent and model.
    pub fn for_stance(tunables: &Tunables, stance: &stance::Stance) -> TrapConfig {
        let mode = if stance.traps.traps_on() { TrapMode::On } else { TrapMode::Off };
        let (trust, mix) = (f64::from(stance.trust) / 100.0, f64::from(stance.mix) / 100.0);
        TrapConfig { mode, trust, mix, curve: stance.curve, ..TrapConfig::from_tunables(tunables) }
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
        (searched / 100).saturating_mul(self.budget_percent).max(FLOOR_NODES)
    }
}

/// The root policy, with counters that live for a game.
pub struct TrappyRoot {
    config: TrapConfig,
    histories: Vec<RootHistory>,
    last_choice: Option<TrapChoice>,
    stats: TrappyStats,
    /// What predicts the opponent's replies.
    model: ReplyModel,
    /// The opponent as modelled, made when first needed; its table lives
    /// for the game.
    opponent: Option<ModelledOpponent>,
}

impl TrappyRoot {
    pub fn new(config: TrapConfig) -> TrappyRoot {
        TrappyRoot {
            config,
            histories: vec![],
            last_choice: None,
            stats: TrappyStats::default(),
            model: ReplyModel::Natural { temperature: crate::tunables::Tunables::default().trap_temperature },
            opponent: None,
        }
    }

    /// The decision's parameters and what predicts the opponent's replies
    /// (the natural model until set), as one stance towards the opponent
    /// gives them.
    pub fn set_stance(&mut self, config: TrapConfig, model: ReplyModel) {
        self.config = config;
        self.model = model;
    }

    pub fn config(&self) -> &TrapConfig {
        &self.config
    }

    /// Forget what the previous search left.
    pub fn begin_search(&mut self) {
        self.histories.clear();
        self.last_choice = None;
    }

    /// Forget the counters (a new game).
    pub fn new_game(&mut self) {
        self.stats = TrappyStats::default();
        if let Some(opponent) = &mut self.opponent {
            opponent.new_game();
        }
    }

    pub fn stats(&self) -> TrappyStats {
        self.stats
    }

    /// The decision of the last search, if the policy was consulted.
    pub fn last_choice(&self) -> Option<&TrapChoice> {
        self.last_choice.as_ref()
    }
}

impl RootPolicy for TrappyRoot {
    fn is_active(&self) -> bool {
        self.config.enabled()
    }

    fn allowance(&self, searched: u64) -> u64 {
        self.config.allowance(searched)
    }

    fn iteration_finished(&mut self, probe: &RootProbe<'_>, iteration: &IterationSummary<'_>) {
        record_iteration(&mut self.histories, probe, iteration);
    }

    fn choose(&mut self, probe: &mut RootProbe<'_>, iteration: &IterationSummary<'_>) -> Option<Move> {
        let opponent = self.opponent.get_or_insert_with(ModelledOpponent::default);
        let choice = decide::choose(probe, iteration, &self.histories, &self.config, &self.model, opponent);
        self.stats.record(&choice);
        let chosen = choice.chosen;
        self.last_choice = Some(choice);
        Some(chosen)
    }
}

/// Counters the paper reports, over a game: verified traps per search and
/// how often the chosen move differs from the plain one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrappyStats {
    pub searches: u64,
    pub traps_found: u64,
    pub chosen_differs: u64,
}

impl TrappyStats {
    pub fn record(&mut self, choice: &TrapChoice) {
        self.searches += 1;
        self.traps_found += choice.findings.len() as u64;
        self.chosen_differs += u64::from(choice.chosen != choice.plain);
    }

    pub fn add(&mut self, other: &TrappyStats) {
        self.searches += other.searches;
        self.traps_found += other.traps_found;
        self.chosen_differs += other.chosen_differs;
    }

    pub fn uci_line(&self, label: &str) -> String {
        let per_search = self.traps_found as f64 / self.searches.max(1) as f64;
        let differ_rate = 100.0 * self.chosen_differs as f64 / self.searches.max(1) as f64;
        format!(
            "info string trappy {label} searches {} traps_per_search {per_search:.2} differs_pct {differ_rate:.1}",
            self.searches
        )
    }
}

impl TrapFinding {
    /// The `info string trap ...` line for this trap.
    pub fn uci_line(&self) -> String {
        format!(
            "info string trap root {} reply {} profit {} probability {}.{:03} gain {}.{:03}",
            self.root,
            self.reply,
            self.profit,
            self.probability / 1000,
            self.probability % 1000,
            self.gain / 1000,
            self.gain % 1000
        )
    }
}
