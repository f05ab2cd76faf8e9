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

/// Buffers reused between positions: the tower's activations, a block's
/// hidden layer (then the policy head's), a block's output (then the
/// policy's planes), and the input windows a convolution gathers.
#[derive(Default)]
pub struct Scratch {
    tower: Vec<f32>,
    hidden: Vec<f32>,
    out: Vec<f32>,
    gathered: Vec<f32>,
}

/// The policy's logits for the listed moves `places` (indices into lc0's
/// 1,858 moves), for input planes `planes`.
pub fn policy_logits(weights: &Lc0Weights, planes: &[f32], places: &[usize], scratch: &mut Scratch) -> Vec<f32> {
    let Scratch { tower, hidden, out, gathered } = scratch;
    convolve(&weights.input, planes, tower, gathered);
    relu(tower);
    for block in &weights.tower {
        residual(block, tower, hidden, out, gathered);
    }
    match &weights.policy {
        PolicyHead::Convolution { conv1, conv2 } => {
            convolve(conv1, tower, hidden, gathered);
            relu(hidden);
            convolve(conv2, hidden, out, gathered);
            places.iter().map(|&place| out[conv_source(place)]).collect()
        }
        PolicyHead::Classical { conv, weights, biases } => {
            convolve(conv, tower, hidden, gathered);
            relu(hidden);
            let inputs = conv.outputs * 64;
            places
                .iter()
                .map(|&place| {
                    let row = &weights[place * inputs..(place + 1) * inputs];
                    biases[place] + dot(row, hidden)
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
        let scale = crate::probability::logistic(f64::from(affine(channel))) as f32;
        let shift = affine(channels + channel);
        plane.iter_mut().for_each(|value| *value = *value * scale + shift);
    }
}

/// `out = conv(input)`, biases included, no activation.
fn convolve(conv: &Conv, input: &[f32], out: &mut Vec<f32>, gathered: &mut Vec<f32>) {
    let rows = conv.inputs * conv.kernel * conv.kernel;
    if conv.kernel == 1 {
        gathered.clear();
        gathered.extend_from_slice(&input[..rows * 64]);
    } else {
        gather_3x3(input, conv.inputs, gathered);
    }
    out.clear();
    out.resize(conv.outputs * 64, 0.0);
    let mut first = 0;
    while first + BLOCK_CHANNELS <= conv.outputs {
        multiply_block::<BLOCK_CHANNELS>(conv, rows, first, gathered, out);
        first += BLOCK_CHANNELS;
    }
    for output in first..conv.outputs {
        multiply_block::<1>(conv, rows, output, gathered, out);
    }
}

/// Output channels computed together: each gathered row is loaded once
/// for all of them, and their sums stay in registers.
const BLOCK_CHANNELS: usize = 4;
/// Squares a block sums at a time: four channels of 16 squares are eight
/// 256-bit registers.
const BLOCK_SQUARES: usize = 16;

/// Output channels `first..first + N`: bias plus the weighted sum of every
/// gathered row, row by row in order.
fn multiply_block<const N: usize>(conv: &Conv, rows: usize, first: usize, gathered: &[f32], out: &mut [f32]) {
    let weights: [&[f32]; N] = std::array::from_fn(|c| &conv.weights[(first + c) * rows..(first + c + 1) * rows]);
    for part in 0..64 / BLOCK_SQUARES {
        let mut sums = [[0.0f32; BLOCK_SQUARES]; N];
        for (c, sum) in sums.iter_mut().enumerate() {
            sum.fill(conv.biases[first + c]);
        }
        for (row, source) in gathered.chunks_exact(64).enumerate().take(rows) {
            let source: &[f32; BLOCK_SQUARES] =
                source[part * BLOCK_SQUARES..(part + 1) * BLOCK_SQUARES].try_into().expect("a block of squares");
            let row_weights: [f32; N] = std::array::from_fn(|c| weights[c][row]);
            for c in 0..N {
                for square in 0..BLOCK_SQUARES {
                    sums[c][square] += row_weights[c] * source[square];
                }
            }
        }
        for (c, sum) in sums.iter().enumerate() {
            let at = (first + c) * 64 + part * BLOCK_SQUARES;
            out[at..at + BLOCK_SQUARES].copy_from_slice(sum);
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
