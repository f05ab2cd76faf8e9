//! The generalized sequential probability ratio test (GSPRT) of fishtest
//! and fastchess: the log-likelihood ratio of "Elo = elo1" against
//! "Elo = elo0", each hypothesis at its maximum-likelihood distribution.

use super::elo::{elo_to_score, NELO_PER_T};
use super::sample::{mean_and_variance, Distribution, Sample};
use super::special::bisect;

#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SprtModel {
    /// Hypotheses in normalized Elo (the default in fishtest and fastchess).
    Normalized,
    /// Hypotheses in logistic Elo.
    Logistic,
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SprtConfig {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: SprtModel,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// H0 accepted: the change is not an improvement of at least elo1.
    AcceptH0,
    AcceptH1,
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SprtResult {
    pub llr: f64,
    pub lower_bound: f64,
    pub upper_bound: f64,
    pub decision: Option<SprtDecision>,
}

impl SprtConfig {
    /// Checks the parameters the way fastchess does.
    pub fn validate(&self) -> Result<(), String> {
        if self.elo0 >= self.elo1 {
            return Err(format!("SPRT elo0 ({}) must be below elo1 ({})", self.elo0, self.elo1));
        }
        for (name, value) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(value > 0.0 && value < 1.0) {
                return Err(format!("SPRT {name} must be strictly between 0 and 1, not {value}"));
            }
        }
        if self.alpha + self.beta >= 1.0 {
            return Err("SPRT alpha + beta must be below 1".into());
        }
        Ok(())
    }

    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }
}

/// The GSPRT for `sample`.
pub fn sprt(sample: &Sample, config: &SprtConfig) -> SprtResult {
    let (lower_bound, upper_bound) = (config.lower_bound(), config.upper_bound());
    let llr = if sample.count() == 0 { 0.0 } else { log_likelihood_ratio(sample, config) };
    let decision = if llr >= upper_bound {
        Some(SprtDecision::AcceptH1)
    } else if llr <= lower_bound {
        Some(SprtDecision::AcceptH0)
    } else {
        None
    };
    SprtResult { llr, lower_bound, upper_bound, decision }
}

fn log_likelihood_ratio(sample: &Sample, config: &SprtConfig) -> f64 {
    let distribution = sample.distribution().regularized();
    let observed = distribution.frequencies();
    let (q0, q1) = match config.model {
        SprtModel::Logistic => {
            let (score0, score1) = (elo_to_score(config.elo0), elo_to_score(config.elo1));
            (mle_with_mean(&distribution, score0), mle_with_mean(&distribution, score1))
        }
        SprtModel::Normalized => {
            // For pairs, t is measured against the pair's deviation, which
            // is 1/√2 of two games'.
            let scale = if sample.is_pentanomial() { std::f64::consts::SQRT_2 } else { 1.0 };
            let t = |nelo: f64| scale * nelo / NELO_PER_T;
            (mle_with_t(&distribution, t(config.elo0)), mle_with_t(&distribution, t(config.elo1)))
        }
    };
    let per_outcome: f64 = observed.iter().zip(q0.iter().zip(&q1)).map(|(p, (a, b))| p * (b.ln() - a.ln())).sum();
    distribution.total() * per_outcome
}

/// The distribution on the same outcomes, with mean `s`, that is most
/// likely to have produced the observed frequencies:
/// `qᵢ = pᵢ / (1 + θ (xᵢ − s))`, with θ making the mean come out at `s`.
fn mle_with_mean(distribution: &Distribution, s: f64) -> Vec<f64> {
    let p = distribution.frequencies();
    let x = &distribution.values;
    let (first, last) = (x[0], x[x.len() - 1]);
    let span = |theta: f64| -> f64 { p.iter().zip(x).map(|(pi, xi)| pi * (xi - s) / (1.0 + theta * (xi - s))).sum() };
    // θ must keep every 1 + θ(xᵢ − s) positive.
    let (low, high) = (-1.0 / (last - s), -1.0 / (first - s));
    let shrink = |v: f64| v * (1.0 - 1e-12);
    let theta = bisect(span, shrink(low), shrink(high));
    p.iter().zip(x).map(|(pi, xi)| pi / (1.0 + theta * (xi - s))).collect()
}

/// The most likely distribution with `(μ − ½) / σ = t`, by the fixed-point
/// iteration of Van den Bergh's "Comments on Normalized Elo" (4.1).
fn mle_with_t(distribution: &Distribution, t: f64) -> Vec<f64> {
    let p = distribution.frequencies();
    let x = &distribution.values;
    let mut q = vec![1.0 / x.len() as f64; x.len()];
    for _ in 0..10 {
        let (mu, variance) = mean_and_variance(x, &q);
        let sigma = variance.sqrt();
        let phi: Vec<f64> =
            x.iter().map(|xi| xi - 0.5 - 0.5 * t * sigma * (1.0 + ((xi - mu) / sigma).powi(2))).collect();
        let smallest = phi.iter().copied().fold(f64::INFINITY, f64::min);
        let largest = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let equation = |theta: f64| -> f64 { p.iter().zip(&phi).map(|(pi, fi)| pi * fi / (1.0 + theta * fi)).sum() };
        let shrink = |v: f64| v * (1.0 - 1e-12);
        let theta = bisect(equation, shrink(-1.0 / largest), shrink(-1.0 / smallest));
        let next: Vec<f64> = p.iter().zip(&phi).map(|(pi, fi)| pi / (1.0 + theta * fi)).collect();
        let change = next.iter().zip(&q).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        q = next;
        if change < 1e-4 {
            break;
        }
    }
    q
}
