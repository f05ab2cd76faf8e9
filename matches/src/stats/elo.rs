//! Elo, normalized Elo, their 95% errors, LOS and the draw ratio, as
//! fastchess and fishtest compute them (see docs/statistics.md).

use super::sample::Sample;
use super::special::erf;

/// The two-sided 95% quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;
/// Normalized Elo per unit of t = (score - ½) / σ.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

#[derive(Clone, Debug, PartialEq)]
pub struct EloEstimate {
    /// Mean score per game, 0..=1.
    pub score: f64,
    pub elo: f64,
    pub elo_error: f64,
    pub nelo: f64,
    pub nelo_error: f64,
    /// Likelihood of superiority, 0..=1.
    pub los: f64,
    pub draw_ratio: f64,
}

/// Why an estimate has no finite Elo or error, if it has none: a score of
/// 0 or 100 % has no finite Elo, and an interval that reaches 0 or 100 %
/// has no finite bound. (Results that never vary have a zero error, which
/// is finite.)
pub fn why_elo_undefined(e: &EloEstimate) -> Option<&'static str> {
    if e.score >= 1.0 {
        Some("every game was won, and a 100 % score has no finite Elo")
    } else if e.score <= 0.0 {
        Some("every game was lost, and a 0 % score has no finite Elo")
    } else if !(e.elo.is_finite() && e.elo_error.is_finite()) {
        Some("the 95 % interval reaches a 0 % or 100 % score; more games will bound it")
    } else {
        None
    }
}

/// Logistic Elo difference for a mean score.
pub fn score_to_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The mean score a logistic Elo difference gives: `score_to_elo`'s
/// inverse.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo estimates for a sample, or `None` when it holds no game.
pub fn estimate(sample: &Sample) -> Option<EloEstimate> {
    let distribution = sample.distribution();
    let n = distribution.total();
    if n == 0.0 {
        return None;
    }
    let (score, variance) = distribution.mean_and_variance();
    let margin = Z95 * (variance / n).sqrt();
    let (upper, lower) = (score + margin, score - margin);
    // A pair is two games: the per-game deviation is √2 times the pair's.
    let game_sigma = if sample.is_pentanomial() { (2.0 * variance).sqrt() } else { variance.sqrt() };
    let nelo_of = |s: f64| (s - 0.5) / game_sigma * NELO_PER_T;
    let los = match sample {
        Sample::Trinomial(t) => {
            let decisive = (t.wins + t.losses) as f64;
            if decisive == 0.0 {
                0.5
            } else {
                0.5 * (1.0 + erf((t.wins as f64 - t.losses as f64) / (2.0 * decisive).sqrt()))
            }
        }
        Sample::Pentanomial(_) => {
            if variance == 0.0 {
                if score > 0.5 {
                    1.0
                } else if score < 0.5 {
                    0.0
                } else {
                    0.5
                }
            } else {
                0.5 * (1.0 - erf(-(score - 0.5) / (2.0 * variance / n).sqrt()))
            }
        }
    };
    let draw_ratio = match sample {
        Sample::Trinomial(t) => t.draws as f64 / n,
        Sample::Pentanomial(p) => p.dd_wl as f64 / n,
    };
    Some(EloEstimate {
        score,
        elo: score_to_elo(score),
        elo_error: (score_to_elo(upper) - score_to_elo(lower)) / 2.0,
        nelo: if game_sigma > 0.0 { nelo_of(score) } else { 0.0 },
        nelo_error: if game_sigma > 0.0 { (nelo_of(upper) - nelo_of(lower)) / 2.0 } else { 0.0 },
        los,
        draw_ratio,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{Pentanomial, Trinomial};

    #[test]
    fn an_undefined_elo_says_why() {
        let reason = |sample: Sample| estimate(&sample).and_then(|e| why_elo_undefined(&e));
        let all_won = Sample::Trinomial(Trinomial { wins: 10, draws: 0, losses: 0 });
        assert!(reason(all_won).is_some_and(|r| r.contains("every game was won")));
        let all_lost = Sample::Trinomial(Trinomial { wins: 0, draws: 0, losses: 10 });
        assert!(reason(all_lost).is_some_and(|r| r.contains("every game was lost")));
        // 23 of 24 points: the interval's upper end passes 100 %.
        let nearly_all = Sample::Pentanomial(Pentanomial { ll: 0, ld: 0, dd_wl: 0, wd: 1, ww: 11 });
        assert!(reason(nearly_all).is_some_and(|r| r.contains("interval reaches")));
        let all_drawn = Sample::Trinomial(Trinomial { wins: 0, draws: 10, losses: 0 });
        assert_eq!(reason(all_drawn), None, "zero error is finite");
        let ordinary = Sample::Pentanomial(Pentanomial { ll: 2, ld: 5, dd_wl: 9, wd: 6, ww: 3 });
        assert_eq!(reason(ordinary), None);
    }

    #[test]
    fn elo_and_score_are_each_others_inverse() {
        assert_eq!(elo_to_score(0.0), 0.5);
        assert!((elo_to_score(400.0) - 10.0 / 11.0).abs() < 1e-12);
        for elo in [-600.0, -35.5, 0.0, 12.0, 191.2] {
            assert!((score_to_elo(elo_to_score(elo)) - elo).abs() < 1e-9, "{elo}");
        }
    }
}
