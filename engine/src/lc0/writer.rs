//! Writes networks in lc0's file format, from plain weights: how the tests
//! make small networks whose outputs they know, and how a tool could make
//! one. Values are written as 32-bit floats (lc0's `FLOAT32` encoding), so
//! what is read back is exactly what was written.

use super::proto::Writer;
use std::io::Write;

/// A convolution before any folding: `weights[out][in][k*k]`.
#[derive(Clone, Debug, Default)]
pub struct ConvSpec {
    pub weights: Vec<f32>,
    pub biases: Vec<f32>,
    pub batch_norm: Option<BatchNorm>,
}

#[derive(Clone, Debug, Default)]
pub struct BatchNorm {
    pub means: Vec<f32>,
    pub variances: Vec<f32>,
    pub gammas: Vec<f32>,
    pub betas: Vec<f32>,
}

#[derive(Clone, Debug, Default)]
pub struct SeSpec {
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    pub w2: Vec<f32>,
    pub b2: Vec<f32>,
}

#[derive(Clone, Debug, Default)]
pub struct ResidualSpec {
    pub conv1: ConvSpec,
    pub conv2: ConvSpec,
    pub se: Option<SeSpec>,
}

#[derive(Clone, Debug)]
pub enum PolicySpec {
    Convolution { conv1: ConvSpec, conv2: ConvSpec },
    Classical { conv: ConvSpec, weights: Vec<f32>, biases: Vec<f32> },
}

#[derive(Clone, Debug)]
pub struct NetSpec {
    pub input: ConvSpec,
    pub tower: Vec<ResidualSpec>,
    pub policy: PolicySpec,
}

impl NetSpec {
    /// A network whose every move scores by its policy plane alone (the
    /// convolutional head's planes: 0 is one square north, 1 two squares,
    /// ...), whatever the position: `logits` lists (plane, logit), every
    /// other plane scores 0. Its probabilities are known without running
    /// it, which is what tests want.
    pub fn plane_logits(logits: &[(usize, f32)]) -> NetSpec {
        let zero = |inputs: usize, outputs: usize| ConvSpec {
            weights: vec![0.0; outputs * inputs * 9],
            biases: vec![0.0; outputs],
            batch_norm: None,
        };
        let mut planes = zero(2, 80);
        for &(plane, logit) in logits {
            planes.biases[plane] = logit;
        }
        NetSpec {
            input: zero(112, 2),
            tower: vec![],
            policy: PolicySpec::Convolution { conv1: zero(2, 2), conv2: planes },
        }
    }
}

fn layer(values: &[f32]) -> Writer {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut layer = Writer::new();
    layer.bytes(3, &bytes).varint(4, 4);
    layer
}

fn conv_block(conv: &ConvSpec) -> Writer {
    let mut block = Writer::new();
    block.message(1, &layer(&conv.weights));
    if !conv.biases.is_empty() {
        block.message(2, &layer(&conv.biases));
    }
    if let Some(bn) = &conv.batch_norm {
        block
            .message(3, &layer(&bn.means))
            .message(4, &layer(&bn.variances))
            .message(5, &layer(&bn.gammas))
            .message(6, &layer(&bn.betas));
    }
    block
}

/// The `Net` message of `spec`: lc0's magic, a format (classical input,
/// residual tower with squeeze-excitation, the policy's kind) and the weights.
pub fn net_bytes(spec: &NetSpec) -> Vec<u8> {
    let mut weights = Writer::new();
    weights.message(1, &conv_block(&spec.input));
    for block in &spec.tower {
        let mut residual = Writer::new();
        residual.message(1, &conv_block(&block.conv1)).message(2, &conv_block(&block.conv2));
        if let Some(se) = &block.se {
            let mut unit = Writer::new();
            unit.message(1, &layer(&se.w1)).message(2, &layer(&se.b1)).message(3, &layer(&se.w2));
            unit.message(4, &layer(&se.b2));
            residual.message(3, &unit);
        }
        weights.message(2, &residual);
    }
    let policy_format = match &spec.policy {
        PolicySpec::Convolution { conv1, conv2 } => {
            weights.message(11, &conv_block(conv1)).message(3, &conv_block(conv2));
            2
        }
        PolicySpec::Classical { conv, weights: dense, biases } => {
            weights.message(3, &conv_block(conv)).message(4, &layer(dense)).message(5, &layer(biases));
            1
        }
    };
    let mut network_format = Writer::new();
    network_format.varint(1, 1).varint(3, 4).varint(4, policy_format);
    let mut format = Writer::new();
    format.varint(1, 1).message(2, &network_format);
    let mut net = Writer::new();
    net.fixed32(1, 0x1c0).message(4, &format).message(10, &weights);
    net.finish()
}

/// `bytes` gzip-compressed, as lc0's files are.
pub fn gzipped(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    // Writing to memory cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}
