//! How settled the root looks after each iteration, as a factor on the
//! soft time limit: an easy position (the same best move iteration after
//! iteration, most of the nodes spent proving it) stops early and saves
//! the clock for positions where the best move keeps changing, the
//! alternatives take real effort to refute, or the score is falling.

use crate::tunables::Tunables;
use movegen::Move;

/// The factor never leaves these bounds (percent of the soft limit), so
/// no run of odd iterations can starve a move or spend the whole clock.
const MIN_SCALE_PERCENT: i64 = 40;
const MAX_SCALE_PERCENT: i64 = 250;
/// More unchanged iterations than this say nothing new.
const MAX_STABLE_ITERATIONS: i64 = 10;
/// A score fall beyond this many centipawns counts as this many.
const MAX_SCORE_FALL: i64 = 60;

/// Per-search record of the root's best move across iterations.
#[derive(Clone, Debug, Default)]
pub(crate) struct RootStability {
    best: Option<Move>,
    stable_iterations: i64,
    previous_score: Option<i32>,
}

impl RootStability {
    /// Takes a finished iteration's best move, its score and the share of
    /// the iteration's nodes spent on that move (per mille), and returns
    /// the soft limit's scale in percent.
    pub fn after_iteration(&mut self, best: Move, score: i32, best_share_permille: u64, tunables: &Tunables) -> u32 {
        if self.best == Some(best) {
            self.stable_iterations = (self.stable_iterations + 1).min(MAX_STABLE_ITERATIONS);
        } else {
            self.best = Some(best);
            self.stable_iterations = 0;
        }
        let fall = self.previous_score.map_or(0, |previous| i64::from(previous) - i64::from(score));
        self.previous_score = Some(score);

        let share_percent = (best_share_permille.min(1000) / 10) as i64;
        let node_factor =
            (i64::from(tunables.time_node_base) - share_percent) * i64::from(tunables.time_node_scale) / 100;
        let stability_factor = (i64::from(tunables.time_stable_base)
            - i64::from(tunables.time_stable_step) * self.stable_iterations)
            .max(i64::from(tunables.time_stable_min));
        let fall_factor = 100 + fall.clamp(0, MAX_SCORE_FALL) * i64::from(tunables.time_score_fall) / 100;
        let scale = node_factor * stability_factor / 100 * fall_factor / 100;
        scale.clamp(MIN_SCALE_PERCENT, MAX_SCALE_PERCENT) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Board;

    fn two_moves() -> (Move, Move) {
        let moves: Vec<Move> = Board::startpos().legal_moves().iter().copied().collect();
        (moves[0], moves[1])
    }

    #[test]
    fn a_settled_root_shrinks_the_limit_and_a_changing_one_stretches_it() {
        let tunables = Tunables::default();
        let (a, b) = two_moves();
        let mut settled = RootStability::default();
        let mut scale = 0;
        for _ in 0..8 {
            scale = settled.after_iteration(a, 30, 950, &tunables);
        }
        assert!(scale < 100, "settled: {scale}");

        let mut unsettled = RootStability::default();
        for i in 0..8 {
            scale = unsettled.after_iteration(if i % 2 == 0 { a } else { b }, 30, 350, &tunables);
        }
        assert!(scale > 100, "unsettled: {scale}");
    }

    #[test]
    fn a_falling_score_stretches_the_limit() {
        let tunables = Tunables::default();
        let (a, _) = two_moves();
        let (mut steady, mut falling) = (RootStability::default(), RootStability::default());
        steady.after_iteration(a, 50, 700, &tunables);
        falling.after_iteration(a, 50, 700, &tunables);
        let steady_scale = steady.after_iteration(a, 50, 700, &tunables);
        let falling_scale = falling.after_iteration(a, 0, 700, &tunables);
        assert!(falling_scale > steady_scale, "{falling_scale} vs {steady_scale}");
    }

    #[test]
    fn the_scale_stays_within_its_bounds() {
        let mut tunables = Tunables::default();
        let (a, b) = two_moves();
        tunables.time_node_scale = 1000;
        let mut root = RootStability::default();
        assert_eq!(root.after_iteration(a, 0, 0, &tunables), MAX_SCALE_PERCENT as u32);
        tunables.time_node_scale = 1;
        assert_eq!(root.after_iteration(b, 0, 1000, &tunables), MIN_SCALE_PERCENT as u32);
    }
}
