//! The two curves that turn scores into probabilities, each written once:
//! the logistic (a score's share of the points, used by the search's
//! result curve, the trap root's, the fits and the trainer) and the
//! softmax (scores or logits into a distribution over moves, used by the
//! natural reply model, the weak players and the lc0 policy head).

/// The logistic curve: 1/2 at 0, towards 1 as `x` grows.
#[inline]
pub fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Softmax's weights before they are normalised: exp((value − best) /
/// `temperature`), so the best weighs 1 and no weight overflows.
pub fn softmax_weights(values: &[f64], temperature: f64) -> Vec<f64> {
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    values.iter().map(|&value| ((value - best) / temperature).exp()).collect()
}

/// The softmax of `values` at `temperature`, in the same order; the
/// probabilities sum to 1 (an empty list gives an empty one).
pub fn softmax(values: &[f64], temperature: f64) -> Vec<f64> {
    let weights = softmax_weights(values, temperature);
    let total: f64 = weights.iter().sum();
    weights.iter().map(|weight| weight / total).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_logistic_is_even_at_zero_and_symmetric() {
        assert_eq!(logistic(0.0), 0.5);
        assert!((logistic(2.0) + logistic(-2.0) - 1.0).abs() < 1e-15);
        assert!((logistic(1.0) - 0.731_058_578_630_004_9).abs() < 1e-15);
    }

    #[test]
    fn softmax_sums_to_one_and_follows_the_temperature() {
        let values = [0.0, 100.0, 50.0];
        let warm = softmax(&values, 100.0);
        assert!((warm.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((warm[1] / warm[0] - 1f64.exp()).abs() < 1e-12);
        let cold = softmax(&values, 10.0);
        assert!(cold[1] > warm[1] && cold[1] > 0.99);
        // Large values do not overflow: only differences count.
        let far = softmax(&[1e6, 1e6 + 1.0], 1.0);
        assert!((far[1] - logistic(1.0)).abs() < 1e-12);
        assert!(softmax(&[], 1.0).is_empty());
        assert_eq!(softmax_weights(&values, 100.0)[1], 1.0);
    }
}
