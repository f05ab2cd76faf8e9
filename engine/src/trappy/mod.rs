//! The trappy root (Gordon, Vollmer & Frayn, "Trappy Minimax in chess"):
//! prefer root moves whose tempting replies lose, when that costs little.
//!
//! The main search is untouched. After each iteration a budgeted pass
//! (`pass.rs`) records, for each leading root move and each reply, the
//! score at that depth; `assess.rs` turns the score vectors into profit,
//! trappiness and a capped bonus; `decide` picks the root move by adjusted
//! value. With every bonus scale at 0 the pass never runs and the engine is
//! the plain engine, node for node.

pub mod assess;
pub mod config;
pub mod pass;
pub mod table;

use crate::search::score::MATE_BOUND;
use assess::{assess_root, RootAssessment};
pub use config::{TrapConfig, TrapMethod};
use movegen::Move;
use table::TrapTable;

/// One `info string trap ...` line: a trap that changed a root value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrapNote {
    pub root: Move,
    pub reply: Move,
    pub profit: i32,
    /// 0..=1000.
    pub trappiness: i32,
    pub bonus: i32,
}

impl TrapNote {
    pub fn uci_line(&self) -> String {
        format!(
            "info string trap root {} reply {} profit {} trappiness {}.{:03} bonus {}",
            self.root,
            self.reply,
            self.profit,
            self.trappiness / 1000,
            self.trappiness % 1000,
            self.bonus
        )
    }
}

/// Every root move the pass completed at `depth`, in generation order.
pub fn assess_all(table: &TrapTable, depth: usize, config: &TrapConfig) -> Vec<RootAssessment> {
    table.roots.iter().filter_map(|root| assess_root(root, depth, config)).collect()
}

/// Notes for the root moves whose value a trap bonus raised.
pub fn notes(assessments: &[RootAssessment]) -> Vec<TrapNote> {
    assessments
        .iter()
        .filter(|a| a.trap_bonus > 0)
        .filter_map(|a| {
            a.traps.first().map(|trap| TrapNote {
                root: a.mv,
                reply: trap.reply,
                profit: trap.profit,
                trappiness: trap.trappiness,
                bonus: a.trap_bonus,
            })
        })
        .collect()
}

/// Chooses among the assessed moves and the plain best. The plain move
/// wins ties, keeps its main-search value when the pass did not reach it,
/// and is always played when it already mates.
pub fn decide(assessments: &[RootAssessment], plain_move: Move, plain_score: i32) -> Move {
    if plain_score >= MATE_BOUND {
        return plain_move;
    }
    let plain_adjusted = assessments.iter().find(|a| a.mv == plain_move).map_or(plain_score, |a| a.adjusted());
    let mut chosen = (plain_move, plain_adjusted);
    for assessment in assessments {
        if assessment.adjusted() > chosen.1 {
            chosen = (assessment.mv, assessment.adjusted());
        }
    }
    chosen.0
}

/// Counters the paper reports: traps found per search and how often the
/// chosen move differs from the plain one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrappyStats {
    pub searches: u64,
    pub traps_found: u64,
    pub chosen_differs: u64,
}

impl TrappyStats {
    pub fn record(&mut self, traps_found: usize, differs: bool) {
        self.searches += 1;
        self.traps_found += traps_found as u64;
        self.chosen_differs += differs as u64;
    }

    pub fn uci_line(&self, label: &str) -> String {
        let per_search = self.traps_found as f64 / self.searches.max(1) as f64;
        let differ_rate = 100.0 * self.chosen_differs as f64 / self.searches.max(1) as f64;
        format!(
            "info string trappy {label} searches {} traps_per_search {per_search:.1} differs_pct {differ_rate:.1}",
            self.searches
        )
    }
}
