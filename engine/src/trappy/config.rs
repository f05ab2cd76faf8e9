//! Trap parameters, read from the tunables.

use crate::tunables::Tunables;

/// How the opponent model turns the replies it preferred at shallow
/// iterations into the probability that it plays the predicted reply.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TrapMethod {
    /// The share of the iterations around the opponent's depth that
    /// preferred the reply: an opponent whose depth varies a little.
    Median,
    /// Certain once the reply is preferred at the opponent's depth or, for
    /// an alpha-beta hole there, the next deeper one.
    BestShallow,
    /// Certain only when the reply was preferred exactly at the opponent's
    /// depth (D - gap + 1); no hole filling.
    DepthMinusOne,
    /// At the decision, the opponent's own search (`opponent.rs`): a
    /// searcher with its own table searches `D - gap` plies after the root
    /// move, and its best reply is certain. For a refuted root move the
    /// iterations hold the first reply that refuted it, which need not be
    /// the one a searching opponent prefers.
    Search,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrapConfig {
    /// Percent of the expected profit turned into bonus; 0 disables traps.
    pub scale: i32,
    /// Profits count up to this, and no bonus exceeds it.
    pub bonus_cap: i32,
    /// The opponent searches this many plies less than we do.
    pub opponent_gap: usize,
    pub method: TrapMethod,
    /// Iterations (ending at the opponent's) over which `Median` counts.
    pub spread: usize,
    /// A reply must leave the opponent at least this much worse than the
    /// plain line to be a trap.
    pub min_profit: i32,
    /// An alternative must beat the plain move's expected value by more
    /// than this.
    pub switch_margin: i32,
    /// The verification's nodes, in percent of the search's.
    pub budget_percent: u64,
    /// Alternatives verified at most per search; with `Search`, the
    /// alternatives the model searches after.
    pub candidates: usize,
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
            scale: t.trap_scale.clamp(0, 100),
            bonus_cap: t.trap_bonus_cap.max(0),
            opponent_gap: t.trap_opponent_gap.max(2) as usize,
            method: match t.trap_method {
                0 => TrapMethod::Median,
                1 => TrapMethod::BestShallow,
                2 => TrapMethod::DepthMinusOne,
                _ => TrapMethod::Search,
            },
            spread: t.trap_model_spread.max(1) as usize,
            min_profit: t.trap_min_profit.max(0),
            switch_margin: t.trap_switch_margin.max(0),
            budget_percent: t.trap_budget.max(0) as u64,
            candidates: t.trap_candidates.max(1) as usize,
            insurance_bonus: t.insurance_bonus,
            insurance_margin: t.insurance_margin,
            delay_bonus: t.delay_loss_bonus,
            delay_threshold: t.delay_loss_threshold,
        }
    }

    /// Whether any root bonus is on. When not, the search is plain.
    /// (With a zero cap the root still runs, and can never gain: a test
    /// relies on that.)
    pub fn enabled(&self) -> bool {
        self.scale > 0 || self.insurance_bonus > 0 || self.delay_bonus > 0
    }

    /// The trap bonus for a reply the opponent plays with `probability`
    /// (permille) and that loses `profit` for them: the expected profit,
    /// scaled, with profits counted up to the cap.
    pub fn trap_bonus(&self, probability: i32, profit: i32) -> i32 {
        let profit = profit.clamp(0, self.bonus_cap);
        (self.scale * probability * profit / 100_000).min(self.bonus_cap)
    }
}
