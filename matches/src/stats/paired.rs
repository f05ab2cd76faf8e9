//! Paired comparison of two players who met the same opponents on the same
//! colour-swapped openings. Each opening pair is scored for both players,
//! and the mean of the per-pair differences, with its own standard error,
//! cancels most of the noise that the opening and the opponent add: two
//! deterministic players that agree on every move give identical pairs.

use super::elo::{score_to_elo, Z95};

/// One opening pair as both players scored it, in points per game (0..=1).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PairedScores {
    pub first: f64,
    pub second: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PairedComparison {
    pub pairs: usize,
    /// Pairs the two players scored differently.
    pub differing: usize,
    /// Mean score per game of each player over the pairs.
    pub first_score: f64,
    pub second_score: f64,
    /// Mean of first - second per game, and its 95 % half-width.
    pub difference: f64,
    pub error: f64,
}

impl PairedComparison {
    /// The difference as Elo around the two players' mean score, with the
    /// 95 % interval mapped the same way: (estimate, low, high).
    pub fn elo(&self) -> (f64, f64, f64) {
        let centre = (self.first_score + self.second_score) / 2.0;
        let elo_of = |d: f64| {
            let clamp = |s: f64| s.clamp(1e-6, 1.0 - 1e-6);
            score_to_elo(clamp(centre + d / 2.0)) - score_to_elo(clamp(centre - d / 2.0))
        };
        (elo_of(self.difference), elo_of(self.difference - self.error), elo_of(self.difference + self.error))
    }
}

/// The paired comparison, or `None` with fewer than two pairs.
pub fn compare_paired(pairs: &[PairedScores]) -> Option<PairedComparison> {
    let n = pairs.len();
    if n < 2 {
        return None;
    }
    let differences: Vec<f64> = pairs.iter().map(|p| p.first - p.second).collect();
    let mean = differences.iter().sum::<f64>() / n as f64;
    let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    Some(PairedComparison {
        pairs: n,
        differing: differences.iter().filter(|d| d.abs() > 1e-9).count(),
        first_score: pairs.iter().map(|p| p.first).sum::<f64>() / n as f64,
        second_score: pairs.iter().map(|p| p.second).sum::<f64>() / n as f64,
        difference: mean,
        error: Z95 * (variance / n as f64).sqrt(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_players_differ_by_exactly_nothing() {
        let pairs: Vec<PairedScores> =
            [0.0, 0.5, 1.0, 0.75].iter().map(|&s| PairedScores { first: s, second: s }).collect();
        let comparison = compare_paired(&pairs).expect("enough pairs");
        assert_eq!((comparison.differing, comparison.difference, comparison.error), (0, 0.0, 0.0));
        assert_eq!(comparison.elo(), (0.0, 0.0, 0.0));
    }

    #[test]
    fn a_worked_example() {
        // Differences 0.5, 0, 0, -0.25: mean 0.0625, sample sd 0.3146.
        let raw = [(1.0, 0.5), (0.5, 0.5), (0.75, 0.75), (0.5, 0.75)];
        let pairs: Vec<PairedScores> = raw.iter().map(|&(first, second)| PairedScores { first, second }).collect();
        let c = compare_paired(&pairs).expect("enough pairs");
        assert_eq!(c.differing, 2);
        assert!((c.difference - 0.0625).abs() < 1e-12);
        assert!((c.error - Z95 * 0.314_576_4 / 2.0).abs() < 1e-6, "{}", c.error);
        assert!((c.first_score - 0.6875).abs() < 1e-12 && (c.second_score - 0.625).abs() < 1e-12);
        // Around a mean score of 0.65625: Elo(0.6875) - Elo(0.625).
        let (elo, low, high) = c.elo();
        assert!((elo - (score_to_elo(0.6875) - score_to_elo(0.625))).abs() < 1e-9);
        assert!(low < 0.0 && high > elo);
        assert!(compare_paired(&pairs[..1]).is_none());
    }
}
