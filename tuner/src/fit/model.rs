//! Texel's method: predict each position's result from its evaluation
//! through a logistic curve, and move the weights down the gradient of the
//! mean squared error.
//!
//! The prediction for an evaluation E (centipawns, White's view) is
//! σ(E) = 1 / (1 + 10^(−K·E/400)). K is fitted first, with the weights as
//! they are, so that the loss measures the weights and not the scale.
//! Then Adam moves every weight at once, using the evaluation's linear
//! form: the gradient of E with respect to a weight is its coefficient.

use crate::support::parallel::over_chunks;
use engine::eval::LinearForm;
use engine::probability::logistic;
use serde::{Deserialize, Serialize};

/// A position ready for fitting.
pub struct Sample {
    pub form: LinearForm,
    pub result: f64,
}

/// The share of the points `eval` is worth on a curve with `k` times the
/// slope of 1 / (1 + 10^(−eval / 400)).
pub fn win_probability(k: f64, eval: f64) -> f64 {
    logistic(k * eval * std::f64::consts::LN_10 / 400.0)
}

/// Mean squared error of the predictions, over `threads` threads.
pub fn mean_error(samples: &[Sample], values: &[f64], k: f64, threads: usize) -> f64 {
    let total: f64 = over_chunks(samples, threads, |_, chunk| {
        chunk.iter().map(|s| (s.result - win_probability(k, s.form.evaluate(values))).powi(2)).sum::<f64>()
    })
    .into_iter()
    .sum();
    total / samples.len().max(1) as f64
}

/// The gradient of the mean squared error with respect to every weight.
pub fn gradient(samples: &[Sample], values: &[f64], k: f64, threads: usize) -> Vec<f64> {
    let partials = over_chunks(samples, threads, |_, chunk| {
        let mut grad = vec![0.0; values.len()];
        for sample in chunk {
            let p = win_probability(k, sample.form.evaluate(values));
            // d/dE of (r − σ)² = −2 (r − σ) σ (1 − σ) ln10 K / 400.
            let slope = -2.0 * (sample.result - p) * p * (1.0 - p) * std::f64::consts::LN_10 * k / 400.0;
            let phase = sample.form.phase as f64 / engine::eval::MAX_PHASE as f64;
            for &(index, mg, eg) in &sample.form.terms {
                grad[index as usize] += slope * (mg as f64 * phase + eg as f64 * (1.0 - phase));
            }
        }
        grad
    });
    let mut total = vec![0.0; values.len()];
    for part in partials {
        for (sum, value) in total.iter_mut().zip(part) {
            *sum += value;
        }
    }
    let n = samples.len().max(1) as f64;
    total.iter_mut().for_each(|g| *g /= n);
    total
}

/// The K that minimises the error for fixed weights.
pub fn fit_scale(samples: &[Sample], values: &[f64], threads: usize) -> f64 {
    minimise_scale(|k| mean_error(samples, values, k, threads))
}

/// The minimum of `error` over K in [0.1, 5] by golden-section search; the
/// error of a logistic fit is unimodal in K in practice.
pub fn minimise_scale(error: impl Fn(f64) -> f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.1f64, 5.0f64);
    let mut a = high - ratio * (high - low);
    let mut b = low + ratio * (high - low);
    let (mut error_a, mut error_b) = (error(a), error(b));
    while high - low > 1e-4 {
        if error_a < error_b {
            high = b;
            b = a;
            error_b = error_a;
            a = high - ratio * (high - low);
            error_a = error(a);
        } else {
            low = a;
            a = b;
            error_a = error_b;
            b = low + ratio * (high - low);
            error_b = error(b);
        }
    }
    (low + high) / 2.0
}

/// Adam's state, saved in the checkpoint so a resumed run continues
/// exactly where it stopped.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Adam {
    pub step: u64,
    pub first: Vec<f64>,
    pub second: Vec<f64>,
}

impl Adam {
    pub fn new(size: usize) -> Adam {
        Adam { step: 0, first: vec![0.0; size], second: vec![0.0; size] }
    }

    /// One step of size `rate` (centipawns) down `grad`, then each weight
    /// clamped to its `[min, max]`.
    pub fn step(&mut self, values: &mut [f64], grad: &[f64], rate: f64, ranges: &[(i32, i32)]) {
        const BETA1: f64 = 0.9;
        const BETA2: f64 = 0.999;
        self.step += 1;
        let t = self.step as i32;
        for i in 0..values.len() {
            self.first[i] = BETA1 * self.first[i] + (1.0 - BETA1) * grad[i];
            self.second[i] = BETA2 * self.second[i] + (1.0 - BETA2) * grad[i] * grad[i];
            let first = self.first[i] / (1.0 - BETA1.powi(t));
            let second = self.second[i] / (1.0 - BETA2.powi(t));
            values[i] -= rate * first / (second.sqrt() + 1e-12);
            let (min, max) = ranges[i];
            values[i] = values[i].clamp(min as f64, max as f64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions whose only term is "one extra pawn", with results that a
    /// pawn worth `true_value` at K = 1 would produce on average.
    fn synthetic(true_value: f64) -> Vec<Sample> {
        let mut samples = Vec::new();
        for pawns in -3i32..=3 {
            let p = win_probability(1.0, true_value * pawns as f64);
            // 100 results per count, split in wins and losses to match p.
            let wins = (p * 100.0).round() as usize;
            for game in 0..100 {
                let form = LinearForm { phase: 24, terms: vec![(0, pawns as f32, pawns as f32)] };
                samples.push(Sample { form, result: if game < wins { 1.0 } else { 0.0 } });
            }
        }
        samples
    }

    #[test]
    fn adam_recovers_the_value_that_generated_the_results() {
        let samples = synthetic(120.0);
        let mut values = vec![60.0];
        let mut adam = Adam::new(1);
        let before = mean_error(&samples, &values, 1.0, 2);
        for _ in 0..600 {
            let grad = gradient(&samples, &values, 1.0, 2);
            adam.step(&mut values, &grad, 1.0, &[(0, 400)]);
        }
        assert!((values[0] - 120.0).abs() < 5.0, "{}", values[0]);
        assert!(mean_error(&samples, &values, 1.0, 2) < before);
    }

    #[test]
    fn the_scale_is_found_for_fixed_weights() {
        // Generated with a pawn of 120 at K = 1: with the pawn at 60 the
        // best K is about 2.
        let k = fit_scale(&synthetic(120.0), &[60.0], 2);
        assert!((k - 2.0).abs() < 0.1, "{k}");
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let samples = synthetic(100.0);
        let values = [80.0];
        let grad = gradient(&samples, &values, 1.3, 2)[0];
        let h = 1e-3;
        let numeric =
            (mean_error(&samples, &[80.0 + h], 1.3, 2) - mean_error(&samples, &[80.0 - h], 1.3, 2)) / (2.0 * h);
        assert!((grad - numeric).abs() < 1e-7 + 1e-4 * numeric.abs(), "{grad} vs {numeric}");
    }
}
