//! The forward pass, read as the network's diagram: the input convolution,
//! the residual tower (two convolutions, squeeze-excitation, the skip
//! connection), then the policy head. Activations are channel-major,
//! `[channel][square]` with 64 squares a channel. Only the policy is
//! computed: the value head is not needed to predict a move.
//!
//! A 3x3 convolution gathers, for every input channel and kernel tap, the
//! plane shifted by that tap (zeros off the board), then adds each output
//! channel's weighted sum of those planes: 64 squares side by side, which
//! the compiler turns into vector instructions.

use super::policy_map::conv_source;
use super::weights::{Conv, Lc0Weights, PolicyHead, Residual, SqueezeExcitation};

/// Buffers reused between positions.
#[derive(Default)]
pub struct Scratch {
    gathered: Vec<f32>,
    a: Vec<f32>,
    b: Vec<f32>,
    c: Vec<f32>,
}

/// The policy's logits for the listed moves `places` (indices into lc0's
/// 1,858 moves), for input planes `planes`.
pub fn policy_logits(weights: &Lc0Weights, planes: &[f32], places: &[usize], scratch: &mut Scratch) -> Vec<f32> {
    let Scratch { gathered, a, b, c } = scratch;
    convolve(&weights.input, planes, a, gathered);
    relu(a);
    for block in &weights.tower {
        residual(block, a, b, c, gathered);
    }
    match &weights.policy {
        PolicyHead::Convolution { conv1, conv2 } => {
            convolve(conv1, a, b, gathered);
            relu(b);
            convolve(conv2, b, c, gathered);
            places.iter().map(|&place| c[conv_source(place)]).collect()
        }
        PolicyHead::Classical { conv, weights, biases } => {
            convolve(conv, a, b, gathered);
            relu(b);
            let inputs = conv.outputs * 64;
            places
                .iter()
                .map(|&place| {
                    let row = &weights[place * inputs..(place + 1) * inputs];
                    biases[place] + dot(row, b)
                })
                .collect()
        }
    }
}

/// One residual block: `x` becomes `relu(se(conv2(relu(conv1(x)))) + x)`.
fn residual(block: &Residual, x: &mut Vec<f32>, hidden: &mut Vec<f32>, out: &mut Vec<f32>, gathered: &mut Vec<f32>) {
    convolve(&block.conv1, x, hidden, gathered);
    relu(hidden);
    convolve(&block.conv2, hidden, out, gathered);
    if let Some(se) = &block.se {
        squeeze_excite(se, out);
    }
    for (value, skip) in out.iter_mut().zip(x.iter()) {
        *value = (*value + skip).max(0.0);
    }
    std::mem::swap(x, out);
}

/// Scales each channel by a sigmoid and shifts it, both computed from the
/// means of all channels.
fn squeeze_excite(se: &SqueezeExcitation, x: &mut [f32]) {
    let channels = x.len() / 64;
    let means: Vec<f32> = x.chunks_exact(64).map(|plane| plane.iter().sum::<f32>() / 64.0).collect();
    let hidden: Vec<f32> =
        (0..se.hidden).map(|h| (se.b1[h] + dot(&se.w1[h * channels..(h + 1) * channels], &means)).max(0.0)).collect();
    let affine = |row: usize| se.b2[row] + dot(&se.w2[row * se.hidden..(row + 1) * se.hidden], &hidden);
    for (channel, plane) in x.chunks_exact_mut(64).enumerate() {
        let scale = 1.0 / (1.0 + (-affine(channel)).exp());
        let shift = affine(channels + channel);
        plane.iter_mut().for_each(|value| *value = *value * scale + shift);
    }
}

/// `out = conv(input)`, biases included, no activation.
fn convolve(conv: &Conv, input: &[f32], out: &mut Vec<f32>, gathered: &mut Vec<f32>) {
    let taps = conv.kernel * conv.kernel;
    let rows = conv.inputs * taps;
    if conv.kernel == 1 {
        gathered.clear();
        gathered.extend_from_slice(&input[..rows * 64]);
    } else {
        gather_3x3(input, conv.inputs, gathered);
    }
    out.clear();
    out.resize(conv.outputs * 64, 0.0);
    for (output, plane) in out.chunks_exact_mut(64).enumerate() {
        let plane: &mut [f32; 64] = plane.try_into().expect("64 squares");
        plane.fill(conv.biases[output]);
        let weights = &conv.weights[output * rows..(output + 1) * rows];
        for (&weight, source) in weights.iter().zip(gathered.chunks_exact(64)) {
            let source: &[f32; 64] = source.try_into().expect("64 squares");
            for square in 0..64 {
                plane[square] += weight * source[square];
            }
        }
    }
}

/// For every input channel and each of the nine taps (rows above first,
/// files left first), the plane as that tap sees it: square (rank, file)
/// holds the input at (rank + dy, file + dx), zero off the board.
fn gather_3x3(input: &[f32], channels: usize, gathered: &mut Vec<f32>) {
    gathered.clear();
    gathered.resize(channels * 9 * 64, 0.0);
    for channel in 0..channels {
        let plane = &input[channel * 64..(channel + 1) * 64];
        for tap in 0..9 {
            let (dy, dx) = (tap as i32 / 3 - 1, tap as i32 % 3 - 1);
            let target = &mut gathered[(channel * 9 + tap) * 64..(channel * 9 + tap + 1) * 64];
            for rank in 0..8i32 {
                let source_rank = rank + dy;
                if !(0..8).contains(&source_rank) {
                    continue;
                }
                for file in 0..8i32 {
                    let source_file = file + dx;
                    if (0..8).contains(&source_file) {
                        target[(rank * 8 + file) as usize] = plane[(source_rank * 8 + source_file) as usize];
                    }
                }
            }
        }
    }
}

fn relu(values: &mut [f32]) {
    values.iter_mut().for_each(|value| *value = value.max(0.0));
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}
