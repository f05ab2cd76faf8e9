//! `UCI_LimitStrength` / `UCI_Elo`: a target rating mapped onto the
//! fallible opponent models of `fallible/`. The rating sets a node cap
//! per move (geometric between measured levels, though a doubling is
//! worth more Elo at the low end), evaluation noise below 2000, and a
//! softmax draw among the three best root moves below 1800. The anchors
//! come from games against Stockfish's own `UCI_Elo`: 1500 and 2000 at
//! 10s+0.1s, 2500 at 60s+0.6s, the clock Stockfish fits its scale at
//! (`docs/strength.md`).
//!
//! The option offers only the range those games calibrated, 1500 to 2500;
//! below 1500 nothing was measured. The 2500 level's cap is more than a
//! move gets at 60s+0.6s, so it is full strength, and it holds level with
//! Stockfish's 2500 only at that clock or longer (docs/strength.md).
//!
//! The map is measured with the built-in network and the search of the
//! day: each stronger network or search change needs it measured again.
//! Setting traps (told a human) wins points the map does not count, so
//! below 1600 a trap-setting engine searches a smaller share of the cap
//! (`leave_traps_inside_the_rating`).

use crate::tunables::Tunables;

/// The lowest calibrated level.
pub const MIN_ELO: i64 = 1500;
/// The highest calibrated level.
pub const MAX_ELO: i64 = 2500;
pub const DEFAULT_ELO: i64 = 1500;

/// The measured levels and their node caps, measured level with
/// Stockfish with the built-in network; the levels between two of them
/// get their geometric interpolation, which is all two ends can fix.
const NODE_ANCHORS: [(i64, f64); 3] = [(MIN_ELO, 750.0), (2000, 16_000.0), (MAX_ELO, 4_096_000.0)];

/// The node cap at `elo`, which the caller has clamped to the calibrated
/// range.
fn node_cap(elo: i64) -> i64 {
    let segment = NODE_ANCHORS.windows(2).find(|pair| elo <= pair[1].0).unwrap_or(&NODE_ANCHORS[1..]);
    let ((low_elo, low_nodes), (high_elo, high_nodes)) = (segment[0], segment[1]);
    let share = (elo - low_elo) as f64 / (high_elo - low_elo) as f64;
    (low_nodes * (high_nodes / low_nodes).powf(share)).round() as i64
}

/// What a strength limit sets at a rating: the fallible model's knobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrengthLimit {
    pub nodes: i32,
    pub eval_noise: i32,
    pub top_k: i32,
    pub temperature: i32,
}

impl StrengthLimit {
    /// The limit at `elo`, clamped to the calibrated range.
    pub fn at(elo: i64) -> StrengthLimit {
        let elo = elo.clamp(MIN_ELO, MAX_ELO);
        StrengthLimit {
            nodes: node_cap(elo) as i32,
            eval_noise: ((2000 - elo) * 7 / 50).max(0) as i32,
            top_k: if elo < 1800 { 3 } else { 1 },
            temperature: 30,
        }
    }

    /// No limit: the knobs at their defaults, full strength.
    fn none() -> StrengthLimit {
        let defaults = Tunables::default();
        StrengthLimit {
            nodes: defaults.weak_nodes,
            eval_noise: defaults.weak_eval_noise,
            top_k: defaults.weak_top_k,
            temperature: defaults.weak_temperature,
        }
    }

    /// Sets the limit on `tunables`, inside the table's ranges; the depth
    /// cap goes back to its default (none), since the node cap is the limit.
    pub fn apply(&self, tunables: &mut Tunables) {
        tunables.weak_depth = Tunables::default().weak_depth;
        tunables.weak_nodes = self.nodes;
        tunables.weak_eval_noise = self.eval_noise;
        tunables.weak_top_k = self.top_k;
        tunables.weak_temperature = self.temperature;
        tunables.clamp_to_ranges();
    }
}

/// The share of the node cap a limited engine searches with while it sets
/// traps, at the lowest level. Told a human, the 1500 level scored about
/// 120 Elo above untold play of the same cap against Stockfish's own
/// limiter, which falls for the traps (its moves measured no better), and
/// it left the calibration window; at 500 nodes, two thirds of the cap,
/// untold play measured about that much weaker (docs/strength.md). At 2000
/// told scored no more than untold. The share grows geometrically to the
/// whole cap at 1600: no level between 1500 and 2000 was measured, and a
/// smaller cap above it cost more setting moves of the classic traps than
/// the decision gave back (at 1700, over twenty draws a position, 35 of
/// 100 told against 45 untold with the ramp to 1800; docs/results/engine-in-use.md).
const TRAP_SETTING_NODE_SHARE_AT_MIN_ELO: f64 = 2.0 / 3.0;
const TRAP_SETTING_FULL_CAP_ELO: i32 = 1600;

/// Takes off a node cap what traps win an engine rated `own_elo` (the
/// limit's rating) above its rating: the level stays calibrated whether
/// or not it sets traps. No cap, or a rating at 1600 or above: no change.
pub fn leave_traps_inside_the_rating(tunables: &mut Tunables, own_elo: i32) {
    let below_full_cap = (TRAP_SETTING_FULL_CAP_ELO - own_elo.max(MIN_ELO as i32)).max(0);
    if tunables.weak_nodes <= 0 || below_full_cap == 0 {
        return;
    }
    let span = f64::from(TRAP_SETTING_FULL_CAP_ELO - MIN_ELO as i32);
    let share = TRAP_SETTING_NODE_SHARE_AT_MIN_ELO.powf(f64::from(below_full_cap) / span);
    tunables.weak_nodes = ((f64::from(tunables.weak_nodes) * share).round() as i32).max(1);
}

/// Full strength: the knobs a limit sets back at their defaults.
pub fn lift_limit(tunables: &mut Tunables) {
    StrengthLimit::none().apply(tunables);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_elo_means_more_nodes_less_noise_and_fewer_random_picks() {
        let at = |elo| {
            let limit = StrengthLimit::at(elo);
            [limit.nodes, limit.eval_noise, limit.top_k]
        };
        let (low, mid, high) = (at(1500), at(1800), at(2400));
        assert!(low[0] < mid[0] && mid[0] < high[0]);
        assert!(low[1] > mid[1] && mid[1] > high[1] && high[1] == 0);
        assert_eq!(at(2000)[1], 0);
        assert_eq!((low[2], high[2]), (3, 1));
        // The measured levels: 750 nodes, 70 cp of noise and the top 3 at
        // 1500; 16,000 nodes, no noise and the best move at 2000;
        // 4,096,000 nodes at 2500. Between two of them the cap grows
        // geometrically: 2250 is their geometric mean.
        assert_eq!(at(1500), [750, 70, 3]);
        assert_eq!(at(2000), [16000, 0, 1]);
        assert_eq!(at(2500), [4_096_000, 0, 1]);
        assert_eq!(at(2250)[0], 256_000);
        assert_eq!(at(-5), at(MIN_ELO));
        assert_eq!(at(9999), at(MAX_ELO));
    }

    #[test]
    fn setting_traps_a_limited_engine_searches_fewer_nodes_below_1600_only() {
        let capped_at = |limit_elo: i64, own_elo: i32| {
            let mut tunables = Tunables::default();
            StrengthLimit::at(limit_elo).apply(&mut tunables);
            leave_traps_inside_the_rating(&mut tunables, own_elo);
            tunables.weak_nodes
        };
        assert_eq!(capped_at(1500, 1500), 500, "two thirds of 750");
        let mid = capped_at(1550, 1550);
        let untold_mid = StrengthLimit::at(1550).nodes;
        assert!(mid < untold_mid && mid > untold_mid * 2 / 3, "{mid} of {untold_mid}");
        assert_eq!(capped_at(1600, 1600), StrengthLimit::at(1600).nodes);
        assert_eq!(capped_at(1800, 1800), StrengthLimit::at(1800).nodes);
        assert_eq!(capped_at(2000, 2000), 16_000);
        assert_eq!(capped_at(2400, 2400), StrengthLimit::at(2400).nodes);
        // No cap, no change: full strength told a human searches as before.
        let mut full = Tunables::default();
        leave_traps_inside_the_rating(&mut full, 1500);
        assert_eq!(full, Tunables::default());
    }

    #[test]
    fn a_limit_lands_inside_the_table_and_lifting_it_restores_the_defaults() {
        for elo in [MIN_ELO, 1750, 2000, 2250, MAX_ELO] {
            let mut tunables = Tunables { weak_depth: 4, ..Tunables::default() };
            StrengthLimit::at(elo).apply(&mut tunables);
            let mut clamped = tunables.clone();
            clamped.clamp_to_ranges();
            assert_eq!(clamped, tunables, "{elo}");
            assert_eq!((tunables.weak_depth, tunables.weak_nodes), (0, StrengthLimit::at(elo).nodes));
            lift_limit(&mut tunables);
            assert_eq!(tunables, Tunables::default());
        }
    }
}
