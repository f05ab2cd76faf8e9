//! Trap parameters, read from the tunables.

use crate::tunables::Tunables;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TrapMethod {
    /// Median of the shallow deficits.
    Median,
    /// The shallow depth that liked the reply best.
    BestShallow,
    /// Only depth D-1: aimed at opponents that search D-2 at most.
    DepthMinusOne,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrapConfig {
    /// Percent of trap quality turned into bonus; 0 disables traps.
    pub scale: i32,
    pub bonus_cap: i32,
    pub profit_cap: i32,
    /// Replies that lose less than this for the opponent are not traps.
    pub min_profit: i32,
    pub method: TrapMethod,
    pub min_shallow: usize,
    /// Pass nodes as a percentage of the iteration's main-search nodes.
    pub budget_percent: u64,
    pub candidates: usize,
    /// A reply within this many centipawns of the opponent's best counts
    /// as attractive at that depth.
    pub tolerance: i32,
    /// Past the tolerance, attractiveness falls to zero over this many
    /// centipawns of deficit.
    pub falloff: i32,
    pub insurance_bonus: i32,
    pub insurance_margin: i32,
    pub delay_bonus: i32,
    pub delay_threshold: i32,
}

/// The insurance bonus counts at most this many extra continuations.
pub const MAX_INSURED_CONTINUATIONS: i32 = 4;

impl TrapConfig {
    pub fn from_tunables(t: &Tunables) -> TrapConfig {
        TrapConfig {
            scale: t.trap_scale,
            bonus_cap: t.trap_bonus_cap,
            profit_cap: t.trap_profit_cap,
            min_profit: t.trap_min_profit,
            method: match t.trap_method {
                0 => TrapMethod::Median,
                1 => TrapMethod::BestShallow,
                _ => TrapMethod::DepthMinusOne,
            },
            min_shallow: t.trap_min_shallow.max(1) as usize,
            budget_percent: t.trap_budget.max(0) as u64,
            candidates: t.trap_candidates.max(1) as usize,
            tolerance: t.trap_tolerance,
            falloff: t.trap_falloff.max(1),
            insurance_bonus: t.insurance_bonus,
            insurance_margin: t.insurance_margin,
            delay_bonus: t.delay_loss_bonus,
            delay_threshold: t.delay_loss_threshold,
        }
    }

    /// Whether any root bonus is on. When not, the search is plain.
    pub fn enabled(&self) -> bool {
        (self.scale > 0 && self.bonus_cap > 0) || self.insurance_bonus > 0 || self.delay_bonus > 0
    }

    /// The most any root move can gain from all bonuses together. Root
    /// moves whose value is below the best by more than this can never be
    /// chosen, which is how the pass pre-compensates its windows.
    pub fn max_total_bonus(&self) -> i32 {
        let trap = if self.scale > 0 { self.bonus_cap } else { 0 };
        trap + self.insurance_bonus * MAX_INSURED_CONTINUATIONS + self.delay_bonus
    }
}
