//! The network in floating point while it trains: the forward pass, the
//! gradient of the loss, Adam, and the rounding to the engine's integers.
//!
//! The network's output `y` is a score in units of `OUTPUT_SCALE`
//! centipawns, so its win probability is `logistic(y * OUTPUT_SCALE /
//! SCORE_SCALE)`. The loss is the squared distance of that probability from
//! a target that blends the game's result with the search's score.

use crate::network::train_data::{black_input, TrainingPosition};
use crate::support::parallel::over_chunks;
use engine::nnue::{output_bucket, Network, HIDDEN, INPUTS, OUTPUT_BUCKETS, OUTPUT_SCALE, QUANT_HIDDEN, QUANT_OUTPUT};
use engine::probability::logistic;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// Centipawns per unit of the logistic, the engine's score-to-result curve
/// (`engine::result_curve::ResultCurve::ENGINE`): a score of SCORE_SCALE wins about
/// 73 % of the time.
pub const SCORE_SCALE: f32 = engine::search::score::RESULT_SCALE as f32;
/// Weights are kept within this, so that rounded they stay within what the
/// engine accepts (see `MAX_FEATURE_WEIGHT` and `MAX_OUTPUT_WEIGHT`).
const WEIGHT_LIMIT: f32 = 1.98;

/// Every parameter in one flat vector: the first layer (`INPUTS` rows of
/// `HIDDEN`), its bias, each output bucket's weights (side to move, then the
/// other side) and the buckets' output biases.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct FloatNetwork {
    pub parameters: Vec<f32>,
    /// Every position uses the first bucket's output, which the rounding
    /// copies to all: the first format's one output, as generations 1
    /// and 2 were trained.
    #[serde(default)]
    pub shared_output: bool,
}

const FEATURE_BIAS: usize = INPUTS * HIDDEN;
const OUTPUT_WEIGHTS: usize = FEATURE_BIAS + HIDDEN;
const OUTPUT_BIAS: usize = OUTPUT_WEIGHTS + OUTPUT_BUCKETS * 2 * HIDDEN;
pub const PARAMETERS: usize = OUTPUT_BIAS + OUTPUT_BUCKETS;

/// Where the output bucket `position` uses keeps its weights and its bias.
fn output_slots(position: &TrainingPosition, shared_output: bool) -> (usize, usize) {
    let bucket = if shared_output { 0 } else { output_bucket(u32::from(position.pieces)) };
    (OUTPUT_WEIGHTS + bucket * 2 * HIDDEN, OUTPUT_BIAS + bucket)
}

/// The clipped and squared activation, and its slope.
#[inline]
fn activate(x: f32) -> (f32, f32) {
    let c = x.clamp(0.0, 1.0);
    (c * c, if x > 0.0 && x < 1.0 { 2.0 * c } else { 0.0 })
}

/// The logistic curve in the trainer's single precision.
fn logistic_f32(x: f32) -> f32 {
    logistic(f64::from(x)) as f32
}

/// What a position should score: `blend` of the result and the rest of
/// the search's score, as a probability for the side to move.
pub fn target(position: &TrainingPosition, blend: f32) -> f32 {
    let white =
        blend * position.white_result + (1.0 - blend) * logistic_f32(f32::from(position.white_score) / SCORE_SCALE);
    if position.white_to_move {
        white
    } else {
        1.0 - white
    }
}

impl FloatNetwork {
    /// Small random weights, zero biases.
    pub fn random(seed: u64) -> FloatNetwork {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut parameters = vec![0.0; PARAMETERS];
        let first = 1.0 / (32.0f32).sqrt();
        parameters[..FEATURE_BIAS].iter_mut().for_each(|w| *w = rng.gen_range(-first..first) * 0.5);
        let second = 1.0 / (2.0 * HIDDEN as f32).sqrt();
        parameters[OUTPUT_WEIGHTS..OUTPUT_BIAS].iter_mut().for_each(|w| *w = rng.gen_range(-second..second));
        FloatNetwork { parameters, shared_output: false }
    }

    /// The hidden sums of one side, from its inputs.
    fn sums(&self, inputs: impl Iterator<Item = u16>) -> [f32; HIDDEN] {
        let mut sums = [0.0f32; HIDDEN];
        sums.copy_from_slice(&self.parameters[FEATURE_BIAS..OUTPUT_WEIGHTS]);
        for input in inputs {
            let row = &self.parameters[usize::from(input) * HIDDEN..][..HIDDEN];
            sums.iter_mut().zip(row).for_each(|(s, w)| *s += w);
        }
        sums
    }

    fn sides(&self, position: &TrainingPosition) -> ([f32; HIDDEN], [f32; HIDDEN]) {
        let white = self.sums(position.white_inputs().iter().copied());
        let black = self.sums(position.white_inputs().iter().map(|&i| black_input(i)));
        if position.white_to_move {
            (white, black)
        } else {
            (black, white)
        }
    }

    /// The output for the side to move, in units of `OUTPUT_SCALE` cp.
    pub fn output(&self, position: &TrainingPosition) -> f32 {
        let (ours, theirs) = self.sides(position);
        let (weights_at, bias_at) = output_slots(position, self.shared_output);
        let weights = &self.parameters[weights_at..weights_at + 2 * HIDDEN];
        let mut y = self.parameters[bias_at];
        for (sums, half) in [(ours, &weights[..HIDDEN]), (theirs, &weights[HIDDEN..])] {
            y += sums.iter().zip(half).map(|(&s, &w)| activate(s).0 * w).sum::<f32>();
        }
        y
    }

    /// The loss of one position.
    pub fn loss(&self, position: &TrainingPosition, blend: f32) -> f32 {
        let p = logistic_f32(self.output(position) * OUTPUT_SCALE as f32 / SCORE_SCALE);
        (p - target(position, blend)).powi(2)
    }

    /// Adds the loss's gradient for `position` to `gradient` and returns
    /// the loss.
    pub fn accumulate_gradient(&self, position: &TrainingPosition, blend: f32, gradient: &mut [f32]) -> f32 {
        let (ours, theirs) = self.sides(position);
        let (weights_at, bias_at) = output_slots(position, self.shared_output);
        let weights = &self.parameters[weights_at..weights_at + 2 * HIDDEN];
        let mut y = self.parameters[bias_at];
        let (mut activated, mut slopes) = ([[0.0f32; HIDDEN]; 2], [[0.0f32; HIDDEN]; 2]);
        for (side, sums) in [ours, theirs].iter().enumerate() {
            for j in 0..HIDDEN {
                let (a, slope) = activate(sums[j]);
                activated[side][j] = a;
                slopes[side][j] = slope;
                y += a * weights[side * HIDDEN + j];
            }
        }
        let scale = OUTPUT_SCALE as f32 / SCORE_SCALE;
        let p = logistic_f32(y * scale);
        let error = p - target(position, blend);
        let d_output = 2.0 * error * p * (1.0 - p) * scale;
        gradient[bias_at] += d_output;
        let mut d_sums = [[0.0f32; HIDDEN]; 2];
        for side in 0..2 {
            for j in 0..HIDDEN {
                gradient[weights_at + side * HIDDEN + j] += d_output * activated[side][j];
                d_sums[side][j] = d_output * weights[side * HIDDEN + j] * slopes[side][j];
            }
        }
        // The side to move's sums took the white inputs when White moves.
        let (white_side, black_side) = if position.white_to_move { (0, 1) } else { (1, 0) };
        let rows = position.white_inputs().iter().map(|&i| (i, white_side));
        let rows = rows.chain(position.white_inputs().iter().map(|&i| (black_input(i), black_side)));
        for (input, side) in rows {
            let row = &mut gradient[usize::from(input) * HIDDEN..][..HIDDEN];
            row.iter_mut().zip(&d_sums[side]).for_each(|(g, d)| *g += d);
        }
        let bias = &mut gradient[FEATURE_BIAS..OUTPUT_WEIGHTS];
        for j in 0..HIDDEN {
            bias[j] += d_sums[0][j] + d_sums[1][j];
        }
        error * error
    }

    /// The mean gradient of the loss over `batch` (indices that
    /// `position` turns into the positions as trained), and the loss
    /// summed over it, shared over `threads` threads.
    pub fn batch_gradient<'p>(
        &self,
        batch: &[usize],
        blend: f32,
        threads: usize,
        position: impl Fn(usize) -> Cow<'p, TrainingPosition> + Sync,
    ) -> (Vec<f32>, f64) {
        let parts = over_chunks(batch, threads, |_, indices| {
            let mut gradient = vec![0.0f32; PARAMETERS];
            let mut loss = 0.0f64;
            for &index in indices {
                loss += f64::from(self.accumulate_gradient(&position(index), blend, &mut gradient));
            }
            (gradient, loss)
        });
        let mut total = (vec![0.0f32; PARAMETERS], 0.0f64);
        for (gradient, loss) in parts {
            total.0.iter_mut().zip(&gradient).for_each(|(sum, g)| *sum += g);
            total.1 += loss;
        }
        let scale = 1.0 / batch.len().max(1) as f32;
        total.0.iter_mut().for_each(|g| *g *= scale);
        total
    }

    /// The float network whose weights are exactly an integer network's:
    /// where `tuner train --init` starts from.
    pub fn from_network(network: &Network) -> FloatNetwork {
        let mut parameters = vec![0.0; PARAMETERS];
        let hidden = QUANT_HIDDEN as f32;
        for (input, row) in network.feature_weights.iter().enumerate() {
            for (j, &w) in row.iter().enumerate() {
                parameters[input * HIDDEN + j] = f32::from(w) / hidden;
            }
        }
        for (j, &b) in network.feature_bias.iter().enumerate() {
            parameters[FEATURE_BIAS + j] = f32::from(b) / hidden;
        }
        let outputs = network.output_weights.iter().flatten().flatten();
        for (slot, &w) in parameters[OUTPUT_WEIGHTS..OUTPUT_BIAS].iter_mut().zip(outputs) {
            *slot = f32::from(w) / QUANT_OUTPUT as f32;
        }
        for (slot, &b) in parameters[OUTPUT_BIAS..].iter_mut().zip(&network.output_bias) {
            *slot = b as f32 / (QUANT_HIDDEN * QUANT_OUTPUT) as f32;
        }
        FloatNetwork { parameters, shared_output: false }
    }

    /// The engine's integer network: each weight rounded at its layer's
    /// scale.
    pub fn quantize(&self) -> Network {
        let mut network = Network::zeroed();
        let round = |w: f32, scale: i32| (w * scale as f32).round() as i16;
        for (input, row) in network.feature_weights.iter_mut().enumerate() {
            for (j, w) in row.iter_mut().enumerate() {
                *w = round(self.parameters[input * HIDDEN + j], QUANT_HIDDEN);
            }
        }
        for (j, b) in network.feature_bias.iter_mut().enumerate() {
            *b = round(self.parameters[FEATURE_BIAS + j], QUANT_HIDDEN);
        }
        let outputs = network.output_weights.iter_mut().flatten().flatten();
        for (w, &value) in outputs.zip(&self.parameters[OUTPUT_WEIGHTS..OUTPUT_BIAS]) {
            *w = round(value, QUANT_OUTPUT);
        }
        for (b, &value) in network.output_bias.iter_mut().zip(&self.parameters[OUTPUT_BIAS..]) {
            *b = (value * (QUANT_HIDDEN * QUANT_OUTPUT) as f32).round() as i32;
        }
        if self.shared_output {
            network.share_first_output();
        }
        network
    }
}

/// Adam, with every weight kept within `WEIGHT_LIMIT` after each step.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Adam {
    first: Vec<f32>,
    second: Vec<f32>,
    steps: u64,
}

impl Adam {
    pub fn new() -> Adam {
        Adam { first: vec![0.0; PARAMETERS], second: vec![0.0; PARAMETERS], steps: 0 }
    }

    pub fn step(&mut self, network: &mut FloatNetwork, gradient: &[f32], rate: f32) {
        const BETA1: f32 = 0.9;
        const BETA2: f32 = 0.999;
        self.steps += 1;
        let correction1 = 1.0 - BETA1.powi(self.steps.min(10_000) as i32);
        let correction2 = 1.0 - BETA2.powi(self.steps.min(10_000) as i32);
        let step = rate * correction2.sqrt() / correction1;
        let parameters = network.parameters.iter_mut().zip(gradient);
        for ((w, &g), (m, v)) in parameters.zip(self.first.iter_mut().zip(self.second.iter_mut())) {
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *w = (*w - step * *m / (v.sqrt() + 1e-8)).clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::nnue::Accumulator;
    use movegen::Board;

    fn position(fen: &str, white_score: i16, white_result: f32) -> TrainingPosition {
        let board = Board::from_fen(fen).expect("valid");
        TrainingPosition::from_board(&board, white_score, white_result, 0).expect("fits")
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let mut network = FloatNetwork::random(3);
        // Lift the biases so that most activations sit on their slope.
        network.parameters[FEATURE_BIAS..OUTPUT_WEIGHTS].iter_mut().for_each(|b| *b = 0.5);
        let sample = position("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 4 5", 80, 1.0);
        let mut gradient = vec![0.0; PARAMETERS];
        network.accumulate_gradient(&sample, 0.5, &mut gradient);
        let input = usize::from(black_input(sample.white_inputs()[3]));
        let (weights_at, bias_at) = output_slots(&sample, false);
        assert_eq!(bias_at, OUTPUT_BIAS + 7, "32 pieces: the last bucket");
        // Another bucket's output plays no part in this position.
        assert_eq!(gradient[OUTPUT_BIAS], 0.0);
        assert!(gradient[OUTPUT_WEIGHTS..weights_at].iter().all(|&g| g == 0.0));
        for index in [bias_at, weights_at + 7, weights_at + HIDDEN + 9, FEATURE_BIAS + 4, input * HIDDEN + 2] {
            let h = 1e-3;
            let mut up = network.clone();
            up.parameters[index] += h;
            let mut down = network.clone();
            down.parameters[index] -= h;
            let numeric = (up.loss(&sample, 0.5) - down.loss(&sample, 0.5)) / (2.0 * h);
            let analytic = gradient[index];
            assert!((numeric - analytic).abs() <= 1e-4 + 0.02 * analytic.abs(), "{index}: {numeric} vs {analytic}");
        }
    }

    #[test]
    fn the_integer_network_scores_as_the_float_one() {
        let mut network = FloatNetwork::random(9);
        // Scores of hundreds of centipawns, so a wrong scale would show.
        network.parameters[FEATURE_BIAS..OUTPUT_WEIGHTS].iter_mut().for_each(|b| *b = 0.3);
        network.parameters[OUTPUT_WEIGHTS..OUTPUT_BIAS].iter_mut().for_each(|w| *w *= 20.0);
        network.parameters[OUTPUT_BIAS..].iter_mut().enumerate().for_each(|(i, b)| *b = 0.1 - 0.02 * i as f32);
        let quantized = network.quantize();
        let exact = FloatNetwork::from_network(&quantized);
        let mut largest = 0.0f32;
        for fen in [
            movegen::START_FEN,
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        ] {
            let board = Board::from_fen(fen).expect("valid");
            let sample = position(fen, 0, 0.5);
            let integer = Accumulator::from_scratch(&quantized, &board).score(&quantized, &board);
            // The engine's integers compute what the rounded weights do in
            // floating point, up to the truncation of two divisions...
            let rounded = exact.output(&sample) * OUTPUT_SCALE as f32;
            assert!((rounded - integer as f32).abs() <= 2.0, "{fen}: {rounded} vs {integer}");
            // ...and rounding moves the score by little.
            let float = network.output(&sample) * OUTPUT_SCALE as f32;
            assert!((float - integer as f32).abs() <= 0.05 * float.abs() + 60.0, "{fen}: {float} vs {integer}");
            largest = largest.max(float.abs());
        }
        assert!(largest > 100.0, "scores up to {largest} cp are too small to test the scale");
    }

    #[test]
    fn an_integer_network_read_back_rounds_to_itself() {
        let mut network = FloatNetwork::random(4);
        network.parameters[OUTPUT_BIAS] = 0.37;
        let integer = network.quantize();
        let read_back = FloatNetwork::from_network(&integer);
        assert_eq!(read_back.quantize().to_bytes(), integer.to_bytes());
        assert_ne!(read_back, network, "the float weights were rounded, so they cannot all come back");
    }

    #[test]
    fn a_shared_output_trains_one_output_for_every_bucket() {
        // Six pieces and thirty-two: two buckets apart.
        let samples = [position("4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1", 900, 1.0), position(movegen::START_FEN, 20, 0.5)];
        let trained = |shared_output: bool| {
            let mut network = FloatNetwork { shared_output, ..FloatNetwork::random(2) };
            let mut adam = Adam::new();
            for _ in 0..20 {
                let mut gradient = vec![0.0; PARAMETERS];
                samples.iter().for_each(|s| {
                    network.accumulate_gradient(s, 0.5, &mut gradient);
                });
                adam.step(&mut network, &gradient, 0.01);
            }
            network.quantize()
        };
        let shared = trained(true);
        assert!(shared.shares_one_output());
        // The file's format version follows the magic.
        assert_eq!(shared.to_bytes()[8], 1, "written in the first format");
        let bucketed = trained(false);
        assert!(!bucketed.shares_one_output());
        assert_eq!(bucketed.to_bytes()[8], 2);
    }

    #[test]
    fn training_lowers_the_loss_on_a_few_positions() {
        let samples = [
            position("4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1", 900, 1.0),
            position("4k3/8/8/8/8/8/8/QQQQK3 b - - 0 1", 900, 1.0),
            position("qqqqk3/8/8/8/8/8/8/4K3 w - - 0 1", -900, 0.0),
            position(movegen::START_FEN, 20, 0.5),
        ];
        let mut network = FloatNetwork::random(1);
        let mut adam = Adam::new();
        let loss = |n: &FloatNetwork| samples.iter().map(|s| n.loss(s, 0.5)).sum::<f32>();
        let before = loss(&network);
        for _ in 0..200 {
            let mut gradient = vec![0.0; PARAMETERS];
            samples.iter().for_each(|s| {
                network.accumulate_gradient(s, 0.5, &mut gradient);
            });
            adam.step(&mut network, &gradient, 0.01);
        }
        let after = loss(&network);
        assert!(after < before * 0.2, "loss {before} -> {after}");
    }
}
