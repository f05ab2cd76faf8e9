//! The score-to-result curve: what a score is worth in points, a logistic
//! curve even at `centre` centipawns, `scale` centipawns per unit.
//!
//! One type for every use: the engine's own curve (centre 0, scale 400,
//! what two engines of equal strength score), the trap root's curve
//! against a player who blunders (`TrapResultCentre`, `TrapResultScale`:
//! against such a player a position many pawns down can still be even, so
//! the curve is flatter and further left), and the curve `tuner fit curve`
//! finds in a player's games.

use crate::probability::logistic;
use crate::search::score::{MATE_BOUND, RESULT_SCALE};

#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ResultCurve {
    pub centre: f64,
    pub scale: f64,
}

impl ResultCurve {
    /// The engine's own curve: its network is trained so that a score `s`
    /// wins `1 / (1 + e^(-s / RESULT_SCALE))` of the points.
    pub const ENGINE: ResultCurve = ResultCurve { centre: 0.0, scale: RESULT_SCALE };

    /// The curve of integer option values (centipawns), as the tunables
    /// hold them.
    pub fn of_centipawns(centre: i32, scale: i32) -> ResultCurve {
        ResultCurve { centre: f64::from(centre), scale: f64::from(scale) }
    }

    /// The share of the points `score` is worth; a mate is all or none,
    /// whatever the curve.
    pub fn points(&self, score: i32) -> f64 {
        if score >= MATE_BOUND {
            1.0
        } else if score <= -MATE_BOUND {
            0.0
        } else {
            self.share(f64::from(score))
        }
    }

    /// The centipawns worth `points` on the curve (its inverse), the ends
    /// held a hair inside 0 and 1.
    pub fn centipawns(&self, points: f64) -> f64 {
        let share = points.clamp(1e-6, 1.0 - 1e-6);
        self.centre + self.scale.max(1.0) * (share / (1.0 - share)).ln()
    }

    /// The curve's value at `score` centipawns, mates not set apart (for
    /// fits, which leave mates out).
    pub fn share(&self, score: f64) -> f64 {
        logistic((score - self.centre) / self.scale.max(1.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::MATE;

    #[test]
    fn the_engines_curve_is_even_at_zero_and_saturates_at_mate() {
        let engine = ResultCurve::ENGINE;
        assert!((engine.points(0) - 0.5).abs() < 1e-12);
        assert!((engine.points(400) - 0.731).abs() < 1e-3);
        assert!((engine.points(-300) + engine.points(300) - 1.0).abs() < 1e-12);
        let rated = ResultCurve { centre: -300.0, scale: 700.0 };
        assert!((rated.centipawns(rated.share(125.0)) - 125.0).abs() < 1e-6);
        assert_eq!((engine.points(MATE - 5), engine.points(-(MATE - 5))), (1.0, 0.0));
        assert!(engine.points(1000) < 1.0 && engine.points(1000) > 0.9);
        // The general formula at the engine's constants is the plain
        // logistic of score / 400, to the last bit.
        for score in [-2999, -400, -1, 0, 7, 401, 5000] {
            assert_eq!(engine.points(score), logistic(f64::from(score) / RESULT_SCALE));
        }
    }

    #[test]
    fn a_curve_is_even_at_its_centre_and_flatter_with_its_scale() {
        let fitted = ResultCurve::of_centipawns(-1400, 800);
        assert!((fitted.points(-1400) - 0.5).abs() < 1e-12);
        assert_eq!((fitted.points(MATE - 2), fitted.points(-(MATE - 2))), (1.0, 0.0));
        let steep = ResultCurve::of_centipawns(-1400, 400);
        assert!(fitted.points(-1000) < steep.points(-1000) && fitted.points(-1000) > 0.5);
        assert_eq!(fitted.share(-1400.0), 0.5);
    }
}
