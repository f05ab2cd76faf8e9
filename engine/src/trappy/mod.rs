//! The trappy root (Gordon, Vollmer & Frayn, "Trappy Minimax in chess"):
//! among moves of nearly equal value, prefer the one whose tempting reply
//! loses, when a fallible opponent is likely to play it.
//!
//! The search knows nothing of this module: `TrappyRoot` is a root policy
//! (`search::root_policy`). After every iteration it records, from the
//! main table, the reply the opponent preferred after each root move
//! (`root_history.rs`); at the end the opponent model gives the probability of
//! each reply (`reply_model.rs`: the natural model for one who plays what
//! looks natural, a human-move network, or the searched model for one who
//! searches less deep; `modelled_opponent.rs` asks it),
//! and `decide.rs` plays the move with the best expected score over those
//! replies (`expected.rs`) when it beats the plain move's by the margin.
//! With traps off (`Traps`, see `crate::opponent` for `auto`) the policy is
//! inactive and the engine is the plain engine, node for node.

pub mod annotate;
pub mod config;
pub mod decide;
pub mod expected;
pub mod modelled_opponent;
pub mod natural;
pub mod reply_model;
pub mod root_history;

use crate::search::root_policy::{IterationSummary, RootPolicy, RootProbe};
use annotate::{annotate_roots, AnnotatedRoot};
pub use config::TrapConfig;
pub use decide::{TrapChoice, TrapFinding};
use modelled_opponent::ModelledOpponent;
use movegen::Move;
use reply_model::ReplyModel;
use root_history::{record_iteration, RootHistory};

/// The root policy, with counters that live for a game.
pub struct TrappyRoot {
    config: TrapConfig,
    /// Annotator mode: no budget; every root move is annotated.
    annotate: bool,
    histories: Vec<RootHistory>,
    last_choice: Option<TrapChoice>,
    annotation: Option<Vec<AnnotatedRoot>>,
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
            annotate: false,
            histories: vec![],
            last_choice: None,
            annotation: None,
            stats: TrappyStats::default(),
            model: ReplyModel::Natural { temperature: crate::tunables::Tunables::default().trap_temperature },
            opponent: None,
        }
    }

    /// What predicts the opponent's replies (the natural model until set).
    pub fn set_reply_model(&mut self, model: ReplyModel) {
        self.model = model;
    }

    /// The annotator: active even with every bonus off, unbudgeted.
    pub fn annotator(config: TrapConfig) -> TrappyRoot {
        TrappyRoot { annotate: true, ..TrappyRoot::new(config) }
    }

    pub fn config(&self) -> &TrapConfig {
        &self.config
    }

    pub fn set_config(&mut self, config: TrapConfig) {
        self.config = config;
    }

    /// Forget what the previous search left.
    pub fn begin_search(&mut self) {
        self.histories.clear();
        self.last_choice = None;
        self.annotation = None;
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

    /// The annotator's result of the last search.
    pub fn annotation(&self) -> Option<&[AnnotatedRoot]> {
        self.annotation.as_deref()
    }
}

impl RootPolicy for TrappyRoot {
    fn is_active(&self) -> bool {
        self.annotate || self.config.enabled()
    }

    fn allowance(&self, searched: u64) -> u64 {
        if self.annotate {
            u64::MAX / 2
        } else {
            self.config.allowance(searched)
        }
    }

    fn iteration_finished(&mut self, probe: &RootProbe<'_>, iteration: &IterationSummary<'_>) {
        record_iteration(&mut self.histories, probe, iteration);
    }

    fn choose(&mut self, probe: &mut RootProbe<'_>, iteration: &IterationSummary<'_>) -> Option<Move> {
        if self.annotate {
            // The report first (it searches every root move's traps into
            // the table), then the same choice the engine makes.
            self.annotation = annotate_roots(probe, iteration, &self.histories, &self.config);
        }
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
