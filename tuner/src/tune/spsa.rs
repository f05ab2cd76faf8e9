//! SPSA (simultaneous perturbation stochastic approximation) with
//! OpenBench's gain schedule, as fishtest also states it: each parameter
//! gives the perturbation `c_end` and the learning rate `r_end` it should
//! have at the last iteration, and the schedule works backwards from them.
//!
//! With N iterations, A = a_ratio · N, and k counting from 0:
//!
//! ```text
//! c_k = c_end · N^γ / (k+1)^γ
//! a_k = r_end · c_end² · (A+N)^α / (A+k+1)^α
//! θ±  = θ ± c_k · δ            (δ = ±1 per parameter; integers rounded stochastically)
//! θ  += (a_k / c_k) · result · δ
//! ```
//!
//! `result` is the points θ+ scored minus the points θ− scored on the same
//! games (OpenBench's wins minus losses when θ+ plays θ− head to head).

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

/// One tuned parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaParam {
    pub name: String,
    /// The current estimate, kept unrounded between iterations.
    pub value: f64,
    pub min: f64,
    pub max: f64,
    pub c_end: f64,
    pub r_end: f64,
    /// Integer parameters are played at stochastically rounded values.
    pub integer: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    pub iterations: usize,
    pub alpha: f64,
    pub gamma: f64,
    /// A as a fraction of the iterations (OpenBench: 0.1).
    pub a_ratio: f64,
}

impl Schedule {
    pub fn openbench(iterations: usize) -> Schedule {
        Schedule { iterations, alpha: 0.602, gamma: 0.101, a_ratio: 0.1 }
    }

    fn n(&self) -> f64 {
        self.iterations.max(1) as f64
    }

    /// The perturbation size at iteration `k` (0-based).
    pub fn c_k(&self, param: &SpsaParam, k: usize) -> f64 {
        param.c_end * self.n().powf(self.gamma) / ((k + 1) as f64).powf(self.gamma)
    }

    /// The gain at iteration `k` (0-based).
    pub fn a_k(&self, param: &SpsaParam, k: usize) -> f64 {
        let big_a = self.a_ratio * self.n();
        param.r_end * param.c_end.powi(2) * (big_a + self.n()).powf(self.alpha)
            / (big_a + (k + 1) as f64).powf(self.alpha)
    }
}

/// The two parameter vectors played at one iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// δ: +1 or −1 per parameter.
    pub signs: Vec<f64>,
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
}

/// The random stream of iteration `k`: a resumed run draws exactly what
/// the interrupted one drew.
pub fn iteration_rng(seed: u64, k: usize) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed ^ (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Rounds to an integer with probability equal to the distance, so the
/// played value is unbiased: 3.25 becomes 4 a quarter of the time.
pub fn stochastic_round(x: f64, rng: &mut impl Rng) -> f64 {
    let floor = x.floor();
    floor + f64::from(rng.gen::<f64>() < x - floor)
}

pub fn perturb(params: &[SpsaParam], schedule: &Schedule, k: usize, rng: &mut impl Rng) -> Perturbation {
    let signs: Vec<f64> = params.iter().map(|_| if rng.gen::<bool>() { 1.0 } else { -1.0 }).collect();
    let mut played = |param: &SpsaParam, sign: f64| {
        let x = (param.value + sign * schedule.c_k(param, k)).clamp(param.min, param.max);
        if param.integer {
            stochastic_round(x, rng).clamp(param.min, param.max)
        } else {
            x
        }
    };
    let plus = params.iter().zip(&signs).map(|(p, &s)| played(p, s)).collect();
    let minus = params.iter().zip(&signs).map(|(p, &s)| played(p, -s)).collect();
    Perturbation { signs, plus, minus }
}

/// Moves every parameter along the measured gradient.
pub fn update(params: &mut [SpsaParam], schedule: &Schedule, k: usize, perturbation: &Perturbation, result: f64) {
    for (param, sign) in params.iter_mut().zip(&perturbation.signs) {
        let step = schedule.a_k(param, k) / schedule.c_k(param, k) * result * sign;
        param.value = (param.value + step).clamp(param.min, param.max);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(name: &str, start: f64) -> SpsaParam {
        SpsaParam { name: name.into(), value: start, min: -100.0, max: 100.0, c_end: 4.0, r_end: 0.5, integer: true }
    }

    #[test]
    fn the_schedule_ends_at_c_end_and_r_end() {
        let schedule = Schedule::openbench(200);
        let p = param("x", 0.0);
        assert!((schedule.c_k(&p, 199) - 4.0).abs() < 1e-9);
        let r_last = schedule.a_k(&p, 199) / schedule.c_k(&p, 199).powi(2);
        assert!((r_last - 0.5).abs() < 1e-9);
        // Both shrink as k grows.
        assert!(schedule.c_k(&p, 0) > schedule.c_k(&p, 100) && schedule.a_k(&p, 0) > schedule.a_k(&p, 100));
    }

    #[test]
    fn stochastic_rounding_is_unbiased() {
        let mut rng = iteration_rng(1, 0);
        let mean = (0..40_000).map(|_| stochastic_round(2.3, &mut rng)).sum::<f64>() / 40_000.0;
        assert!((mean - 2.3).abs() < 0.01, "{mean}");
        assert_eq!(stochastic_round(5.0, &mut rng), 5.0);
    }

    #[test]
    fn perturbations_are_symmetric_clamped_and_reproducible() {
        let params = [param("a", 0.0), param("b", 99.0)];
        let schedule = Schedule::openbench(100);
        let first = perturb(&params, &schedule, 3, &mut iteration_rng(9, 3));
        assert_eq!(first, perturb(&params, &schedule, 3, &mut iteration_rng(9, 3)));
        for i in 0..2 {
            assert!(first.plus[i] <= 100.0 && first.minus[i] >= -100.0);
            assert_eq!(first.plus[i].fract(), 0.0);
            assert!((first.plus[i] - first.minus[i]) * first.signs[i] >= 0.0);
        }
    }

    /// A noisy quadratic with its optimum at (30, -20): each evaluation
    /// returns the difference of the objective at θ+ and θ− plus Gaussian
    /// noise as large as the signal near the optimum, as game results are.
    #[test]
    fn a_noisy_quadratic_converges_to_its_optimum() {
        let optimum = [30.0, -20.0];
        let objective = |x: &[f64]| -x.iter().zip(optimum).map(|(v, o)| (v - o) * (v - o)).sum::<f64>() / 100.0;
        let schedule = Schedule::openbench(600);
        let mut params = vec![param("a", 0.0), param("b", 0.0)];
        let mut noise_rng = iteration_rng(77, 10_000);
        for k in 0..schedule.iterations {
            let perturbation = perturb(&params, &schedule, k, &mut iteration_rng(5, k));
            // Box–Muller from two uniforms.
            let (u1, u2): (f64, f64) = (noise_rng.gen::<f64>().max(1e-12), noise_rng.gen());
            let noise = 0.5 * (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
            let result = objective(&perturbation.plus) - objective(&perturbation.minus) + noise;
            update(&mut params, &schedule, k, &perturbation, result);
        }
        for (param, target) in params.iter().zip(optimum) {
            assert!((param.value - target).abs() < 5.0, "{} ended at {:.2}, optimum {target}", param.name, param.value);
        }
    }
}
