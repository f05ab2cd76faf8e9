//! Trap parameters, read from the tunables.

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

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrapConfig {
    /// Percent of the expected profit turned into bonus; 0 disables traps.
    pub scale: i32,
    /// Profits count up to this, and no bonus exceeds it.
    pub bonus_cap: i32,
    /// The opponent searches this many plies less than we do.
    pub opponent_gap: usize,
    pub method: TrapMethod,
    /// The natural-move model's softmax temperature, in centipawns.
    pub temperature: i32,
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
            bonus_cap: t.trap_bonus_cap,
            opponent_gap: t.trap_opponent_gap as usize,
            method: if t.trap_method == 0 { TrapMethod::Natural } else { TrapMethod::Search },
            temperature: t.trap_temperature,
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

    /// The trap bonus for a reply the opponent plays with `probability`
    /// (permille) and that loses `profit` for them: the expected profit,
    /// scaled, with profits counted up to the cap.
    pub fn trap_bonus(&self, probability: i32, profit: i32) -> i32 {
        let profit = profit.clamp(0, self.bonus_cap);
        (self.scale * probability * profit / 100_000).min(self.bonus_cap)
    }
}
