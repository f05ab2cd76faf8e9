//! The two curves that turn scores into probabilities, each written once:
//! the logistic (a score's share of the points, used by the result curve,
//! the fits and the trainer) and the softmax (scores or logits into a
//! distribution over moves, used by the natural reply model, the weak
//! players and the lc0 policy head); a policy at a temperature, which is
//! the softmax of its logarithms; and the seeded draw from a distribution
//! that the weak players and the network players make.

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

/// A policy sharpened (`temperature` below 1) or flattened (above 1):
/// each probability to the power 1/T, normalised, which is the softmax of
/// the log-probabilities at T. Given the logarithms, as a caller that
/// tries many temperatures keeps them.
pub fn tempered(log_probabilities: &[f64], temperature: f64) -> Vec<f64> {
    softmax(log_probabilities, temperature)
}

/// A number in [0, 1) from 64 random bits (their top 53, a double's
/// precision).
pub fn unit_interval(bits: u64) -> f64 {
    (bits >> 11) as f64 / (1u64 << 53) as f64
}

/// The index a draw of `unit` (in [0, 1)) picks among `weights` (any
/// positive scale): each index with probability its share of the total.
pub fn weighted_draw(weights: &[f64], unit: f64) -> usize {
    let total: f64 = weights.iter().sum();
    let mut point = unit * total;
    for (index, weight) in weights.iter().enumerate() {
        if point < *weight {
            return index;
        }
        point -= weight;
    }
    weights.len().saturating_sub(1)
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

    #[test]
    fn a_tempered_policy_is_the_policy_to_the_power_one_over_t() {
        let policy = [0.64f64, 0.32, 0.04];
        let logs: Vec<f64> = policy.iter().map(|p| p.ln()).collect();
        assert!(tempered(&logs, 1.0).iter().zip(policy).all(|(t, p)| (t - p).abs() < 1e-12));
        let powered: Vec<f64> = policy.iter().map(|p| p.powf(0.5)).collect();
        let total: f64 = powered.iter().sum();
        for (t, p) in tempered(&logs, 2.0).iter().zip(&powered) {
            assert!((t - p / total).abs() < 1e-12);
        }
        assert!(tempered(&logs, 0.25)[0] > 0.9, "cold: the favourite takes nearly all");
    }

    #[test]
    fn a_draw_picks_each_index_by_its_share() {
        let weights = [2.0, 1.0, 1.0];
        assert_eq!(weighted_draw(&weights, 0.0), 0);
        assert_eq!(weighted_draw(&weights, 0.49), 0);
        assert_eq!(weighted_draw(&weights, 0.5), 1);
        assert_eq!(weighted_draw(&weights, 0.999), 2);
        assert_eq!(weighted_draw(&[], 0.3), 0);
        let mut counts = [0usize; 3];
        for i in 0..40_000u64 {
            counts[weighted_draw(&weights, unit_interval(movegen::splitmix64(i)))] += 1;
        }
        assert!((counts[0] as f64 / 40_000.0 - 0.5).abs() < 0.01, "{counts:?}");
        assert!((0..1000).all(|i| (0.0..1.0).contains(&unit_interval(movegen::splitmix64(i)))));
        assert_eq!(unit_interval(u64::MAX), 1.0 - 2f64.powi(-53));
    }
}
