//! The forward pass, read as the network's diagram: the input convolution,
//! the residual tower (two convolutions, squeeze-excitation, the skip
//! connection), then the policy head. Only the policy is computed: the
//! value head is not needed to predict a move.
//!
//! Positions go through together, a batch at a time: activations are
//! `[position][square][channel]`, and each convolution is one pass over
//! all of them (`winograd.rs`), so its weights are read once per batch.
//! Every position's arithmetic is the same whatever the batch around it.

use super::matmul::{dot, multiply, pack, Rows, Shape};
use super::move_planes::MovePlanes;
use super::planes::INPUT_PLANES;
use super::weights::{Conv, Lc0Weights, PolicyHead, SqueezeExcitation};
use super::winograd::{Padded, WinogradConv, Workspace};

/// The network's layers as the pass computes them, prepared once when the
/// network is read.
#[derive(Clone, Debug, PartialEq)]
pub struct Prepared {
    input: WinogradConv,
    tower: Vec<Block>,
    policy: Head,
}

#[derive(Clone, Debug, PartialEq)]
struct Block {
    conv1: WinogradConv,
    conv2: WinogradConv,
    se: Option<SqueezeExcitation>,
}

#[derive(Clone, Debug, PartialEq)]
enum Head {
    /// A 3x3 convolution, then the move planes' convolution where a listed
    /// move reads it.
    Convolution { conv1: WinogradConv, conv2: MovePlanes },
    /// The 1x1 convolution's weights as `[input][output]`, packed for the
    /// matrix product, then the dense layer, `weights[move][channel * 64 + square]`.
    Classical { outputs: usize, conv: Vec<f32>, conv_biases: Vec<f32>, weights: Vec<f32>, biases: Vec<f32> },
}

/// Buffers reused between calls: the tower's activations, a block's
/// hidden layer and output, the padded inputs of the convolutions (the
/// input planes', the tower's) and their workspace.
#[derive(Default)]
pub struct Scratch {
    tower: Vec<f32>,
    hidden: Vec<f32>,
    out: Vec<f32>,
    padded_planes: Padded,
    padded: Padded,
    work: Workspace,
}

impl Prepared {
    pub fn new(weights: &Lc0Weights) -> Prepared {
        let tower = weights
            .tower
            .iter()
            .map(|block| Block {
                conv1: WinogradConv::new(&block.conv1),
                conv2: WinogradConv::new(&block.conv2),
                se: block.se.clone(),
            })
            .collect();
        let policy = match &weights.policy {
            PolicyHead::Convolution { conv1, conv2 } => {
                Head::Convolution { conv1: WinogradConv::new(conv1), conv2: MovePlanes::new(conv2) }
            }
            PolicyHead::Classical { conv, weights, biases } => Head::Classical {
                outputs: conv.outputs,
                conv: pack(&pointwise_weights(conv), conv.inputs, conv.outputs),
                conv_biases: conv.biases.clone(),
                weights: weights.clone(),
                biases: biases.clone(),
            },
        };
        Prepared { input: WinogradConv::new(&weights.input), tower, policy }
    }

    /// For each position of the batch (`planes`: its input planes, one
    /// position after another), the policy's logits for its listed moves
    /// (`places`: indices into lc0's 1,858 moves).
    pub fn policy_logits(&self, planes: &[f32], places: &[Vec<usize>], scratch: &mut Scratch) -> Vec<Vec<f32>> {
        let positions = places.len();
        if positions == 0 {
            return Vec::new();
        }
        let Scratch { tower, hidden, out, padded_planes, padded, work } = scratch;
        padded_planes.fill_from_planes(planes, positions, INPUT_PLANES);
        self.input.convolve(padded_planes.values(), positions, work, tower, true);
        for block in &self.tower {
            padded.fill(tower, positions, block.conv1.inputs);
            block.conv1.convolve(padded.values(), positions, work, hidden, true);
            padded.fill(hidden, positions, block.conv2.inputs);
            block.conv2.convolve(padded.values(), positions, work, out, false);
            add_skip(block.se.as_ref(), out, tower, block.conv2.outputs);
        }
        match &self.policy {
            Head::Convolution { conv1, conv2 } => {
                padded.fill(tower, positions, conv1.inputs);
                conv1.convolve(padded.values(), positions, work, hidden, true);
                padded.fill(hidden, positions, conv1.outputs);
                let logit = |position: usize, place: usize| conv2.logit(padded.values(), position, place);
                places.iter().enumerate().map(|(p, listed)| listed.iter().map(|&m| logit(p, m)).collect()).collect()
            }
            Head::Classical { outputs, conv, conv_biases, weights, biases } => {
                let inputs = conv.len() / outputs;
                let shape = Shape { count: positions * 64, inputs, outputs: *outputs };
                hidden.resize(positions * 64 * outputs, 0.0);
                let rows = |stride| Rows { first: 0, stride };
                multiply(tower, rows(inputs), conv, shape, hidden, rows(*outputs));
                let mut head = vec![0.0f32; outputs * 64];
                let mut logits = Vec::with_capacity(positions);
                for (position, listed) in places.iter().enumerate() {
                    // The dense layer reads the head plane by plane.
                    for (square, values) in
                        hidden[position * 64 * outputs..][..64 * outputs].chunks(*outputs).enumerate()
                    {
                        for (channel, &value) in values.iter().enumerate() {
                            head[channel * 64 + square] = (value + conv_biases[channel]).max(0.0);
                        }
                    }
                    let size = head.len();
                    logits.push(listed.iter().map(|&m| biases[m] + dot(&weights[m * size..][..size], &head)).collect());
                }
                logits
            }
        }
    }
}

/// A 1x1 convolution's weights as `[input][output]`.
fn pointwise_weights(conv: &Conv) -> Vec<f32> {
    let mut weights = vec![0.0; conv.inputs * conv.outputs];
    for output in 0..conv.outputs {
        for input in 0..conv.inputs {
            weights[input * conv.outputs + output] = conv.weights[output * conv.inputs + input];
        }
    }
    weights
}

/// The end of a residual block: `tower = relu(se(out) + tower)`.
fn add_skip(se: Option<&SqueezeExcitation>, out: &[f32], tower: &mut [f32], channels: usize) {
    for position in 0..out.len() / (64 * channels) {
        let range = position * 64 * channels..(position + 1) * 64 * channels;
        let (scales, shifts) = match se {
            Some(se) => squeeze_excite(se, &out[range.clone()], channels),
            None => (vec![1.0; channels], vec![0.0; channels]),
        };
        for (square_out, square_tower) in
            out[range.clone()].chunks_exact(channels).zip(tower[range].chunks_exact_mut(channels))
        {
            for (c, (value, skip)) in square_out.iter().zip(square_tower.iter_mut()).enumerate() {
                *skip = (value * scales[c] + shifts[c] + *skip).max(0.0);
            }
        }
    }
}

/// Each channel's scale (a sigmoid) and shift, both computed from the
/// means of all channels of one position (`[square][channel]`).
fn squeeze_excite(se: &SqueezeExcitation, x: &[f32], channels: usize) -> (Vec<f32>, Vec<f32>) {
    let mut means = vec![0.0f32; channels];
    for square in x.chunks_exact(channels) {
        means.iter_mut().zip(square).for_each(|(mean, value)| *mean += value);
    }
    means.iter_mut().for_each(|mean| *mean /= 64.0);
    let hidden: Vec<f32> =
        (0..se.hidden).map(|h| (se.b1[h] + dot(&se.w1[h * channels..(h + 1) * channels], &means)).max(0.0)).collect();
    let affine = |row: usize| se.b2[row] + dot(&se.w2[row * se.hidden..(row + 1) * se.hidden], &hidden);
    let scales = (0..channels).map(|c| crate::probability::logistic(f64::from(affine(c))) as f32).collect();
    let shifts = (0..channels).map(|c| affine(channels + c)).collect();
    (scales, shifts)
}
