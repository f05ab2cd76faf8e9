//! Match results as the statistics see them: games (trinomial) or
//! colour-swapped game pairs (pentanomial).

/// Win/draw/loss counts of single games.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

/// Game-pair counts by the pair's total: 0, ½, 1 (two draws or a win and a
/// loss), 1½ and 2 points.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub ll: u64,
    pub ld: u64,
    pub dd_wl: u64,
    pub wd: u64,
    pub ww: u64,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sample {
    Trinomial(Trinomial),
    Pentanomial(Pentanomial),
}

/// A sample as a discrete distribution: outcome values (the score per game
/// or per pair, in 0..=1) with their counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    pub values: Vec<f64>,
    pub counts: Vec<f64>,
}

impl Distribution {
    pub fn total(&self) -> f64 {
        self.counts.iter().sum()
    }

    pub fn frequencies(&self) -> Vec<f64> {
        let total = self.total();
        self.counts.iter().map(|c| c / total).collect()
    }

    /// Mean and variance of one outcome.
    pub fn mean_and_variance(&self) -> (f64, f64) {
        mean_and_variance(&self.values, &self.frequencies())
    }

    /// Zero counts replaced by 1e-3, as fastchess does before its
    /// likelihood ratio, so every outcome keeps some probability.
    pub fn regularized(&self) -> Distribution {
        let counts = self.counts.iter().map(|&c| if c == 0.0 { 1e-3 } else { c }).collect();
        Distribution { values: self.values.clone(), counts }
    }
}

pub fn mean_and_variance(values: &[f64], probabilities: &[f64]) -> (f64, f64) {
    let mean: f64 = values.iter().zip(probabilities).map(|(x, p)| x * p).sum();
    let variance = values.iter().zip(probabilities).map(|(x, p)| p * (x - mean) * (x - mean)).sum();
    (mean, variance)
}

impl Sample {
    pub fn distribution(&self) -> Distribution {
        match self {
            Sample::Trinomial(t) => Distribution {
                values: vec![0.0, 0.5, 1.0],
                counts: vec![t.losses as f64, t.draws as f64, t.wins as f64],
            },
            Sample::Pentanomial(p) => Distribution {
                values: vec![0.0, 0.25, 0.5, 0.75, 1.0],
                counts: vec![p.ll as f64, p.ld as f64, p.dd_wl as f64, p.wd as f64, p.ww as f64],
            },
        }
    }

    /// Games (trinomial) or pairs (pentanomial).
    pub fn count(&self) -> u64 {
        match self {
            Sample::Trinomial(t) => t.wins + t.draws + t.losses,
            Sample::Pentanomial(p) => p.ll + p.ld + p.dd_wl + p.wd + p.ww,
        }
    }

    pub fn is_pentanomial(&self) -> bool {
        matches!(self, Sample::Pentanomial(_))
    }
}
