//! Fallible opponent models: weaker versions of the engine that the tuner
//! sets traps against. Each is an option (see tunables.rs) and each is
//! reproducible from `WeakSeed`.
//!
//! - `WeakDepth` / `WeakNodes`: a shallower search, capping whatever limit
//!   the game gives (0 = no cap).
//! - `WeakEvalNoise`: a perturbation of up to ± this many centipawns added
//!   to every static evaluation. It is a function of the position's Zobrist
//!   key and the seed, so a position always gets the same value and the
//!   transposition table stays consistent (H.G. Muller's suggestion).
//! - `WeakTopK` / `WeakTemperature`: instead of the best move, a softmax
//!   draw among the k best root moves, each re-searched with a full window
//!   one ply shallower than the final iteration (`root_pick.rs`). The draw
//!   is seeded by the position and `WeakSeed`, so the same position gets
//!   the same move.

pub mod root_pick;

use crate::probability::{softmax_weights, unit_interval, weighted_draw};
use crate::tunables::Tunables;
use movegen::splitmix64 as mix;

/// A uniform draw in [0, 1) determined by `key`, `seed` and `stream`.
fn unit(key: u64, seed: i32, stream: u64) -> f64 {
    unit_interval(mix(key ^ mix((seed as u64) << 8 | stream)))
}

/// The evaluation noise of the position with Zobrist key `key`: uniform in
/// [-WeakEvalNoise, +WeakEvalNoise], from the side to move's view.
pub fn eval_noise(key: u64, t: &Tunables) -> i32 {
    let amplitude = t.weak_eval_noise;
    let span = 2 * amplitude as u64 + 1;
    (mix(key ^ mix(t.weak_seed as u64)) % span) as i32 - amplitude
}

/// The evaluation noise of `board` under `t`: zero unless the engine is
/// set to be noisy, which keeps the cost off the plain evaluation.
#[inline]
pub fn noise_for(board: &movegen::Board, t: &Tunables) -> i32 {
    if t.weak_eval_noise > 0 {
        eval_noise(board.hash(), t)
    } else {
        0
    }
}

/// Index of the move drawn from `scores` (centipawns, best not necessarily
/// first) with probability proportional to exp(score / temperature).
pub fn softmax_index(scores: &[i32], temperature: i32, key: u64, seed: i32) -> usize {
    if scores.is_empty() {
        return 0;
    }
    let scores: Vec<f64> = scores.iter().map(|&score| f64::from(score)).collect();
    let weights = softmax_weights(&scores, f64::from(temperature.max(1)));
    weighted_draw(&weights, unit(key, seed, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noise_is_bounded_deterministic_and_seeded() {
        let mut t = Tunables { weak_eval_noise: 30, ..Tunables::default() };
        let keys: Vec<u64> = (0..5000u64).map(mix).collect();
        let first: Vec<i32> = keys.iter().map(|&k| eval_noise(k, &t)).collect();
        assert!(first.iter().all(|n| (-30..=30).contains(n)));
        assert_eq!(first, keys.iter().map(|&k| eval_noise(k, &t)).collect::<Vec<_>>());
        // Both extremes occur and the mean is near zero.
        assert!(first.contains(&30) && first.contains(&-30));
        let mean = first.iter().map(|&n| n as f64).sum::<f64>() / first.len() as f64;
        assert!(mean.abs() < 1.5, "{mean}");
        t.weak_seed = 7;
        let reseeded: Vec<i32> = keys.iter().map(|&k| eval_noise(k, &t)).collect();
        assert!(reseeded.iter().zip(&first).filter(|(a, b)| a != b).count() > 4500);
    }

    #[test]
    fn softmax_follows_the_temperature() {
        let scores = [0, -50, -100];
        let draws = |temperature: i32| {
            let mut counts = [0usize; 3];
            for key in 0..20_000u64 {
                counts[softmax_index(&scores, temperature, mix(key), 3)] += 1;
            }
            counts
        };
        // exp(-1) and exp(-2) relative weights at T = 50: 66.5 %, 24.5 %, 9.0 %.
        let warm = draws(50);
        let expected = [0.665, 0.245, 0.090];
        for (count, p) in warm.iter().zip(expected) {
            assert!((*count as f64 / 20_000.0 - p).abs() < 0.015, "{warm:?}");
        }
        // A very low temperature always picks the best move.
        assert_eq!(draws(1)[0], 20_000);
        // The same key and seed always give the same pick.
        assert_eq!(softmax_index(&scores, 50, 42, 9), softmax_index(&scores, 50, 42, 9));
    }
}
