//! Writes networks in lc0's file format, from plain weights: how the tests
//! make small networks whose outputs they know, and how a tool could make
//! one. Values are written as 32-bit floats (lc0's `FLOAT32` encoding), so
//! what is read back is exactly what was written.

use super::proto::Writer;
use super::schema;
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
    layer.bytes(schema::layer::PARAMS, &bytes).varint(schema::layer::ENCODING, schema::layer::FLOAT32);
    layer
}

fn conv_block(conv: &ConvSpec) -> Writer {
    let mut block = Writer::new();
    block.message(schema::conv_block::WEIGHTS, &layer(&conv.weights));
    if !conv.biases.is_empty() {
        block.message(schema::conv_block::BIASES, &layer(&conv.biases));
    }
    if let Some(bn) = &conv.batch_norm {
        block
            .message(schema::conv_block::MEANS, &layer(&bn.means))
            .message(schema::conv_block::VARIANCES, &layer(&bn.variances))
            .message(schema::conv_block::GAMMAS, &layer(&bn.gammas))
            .message(schema::conv_block::BETAS, &layer(&bn.betas));
    }
    block
}

/// The `Net` message of `spec`: lc0's magic, a format (classical input,
/// residual tower with squeeze-excitation, the policy's kind) and the weights.
pub fn net_bytes(spec: &NetSpec) -> Vec<u8> {
    let mut weights = Writer::new();
    weights.message(schema::weights::INPUT, &conv_block(&spec.input));
    for block in &spec.tower {
        let mut tower_block = Writer::new();
        tower_block
            .message(schema::residual::CONV1, &conv_block(&block.conv1))
            .message(schema::residual::CONV2, &conv_block(&block.conv2));
        if let Some(se) = &block.se {
            let mut unit = Writer::new();
            unit.message(schema::se_unit::W1, &layer(&se.w1)).message(schema::se_unit::B1, &layer(&se.b1));
            unit.message(schema::se_unit::W2, &layer(&se.w2)).message(schema::se_unit::B2, &layer(&se.b2));
            tower_block.message(schema::residual::SE, &unit);
        }
        weights.message(schema::weights::RESIDUAL, &tower_block);
    }
    let policy_format = match &spec.policy {
        PolicySpec::Convolution { conv1, conv2 } => {
            weights.message(schema::weights::POLICY1, &conv_block(conv1));
            weights.message(schema::weights::POLICY, &conv_block(conv2));
            schema::network_format::POLICY_CONVOLUTION
        }
        PolicySpec::Classical { conv, weights: dense, biases } => {
            weights.message(schema::weights::POLICY, &conv_block(conv));
            weights.message(schema::weights::POLICY_DENSE_WEIGHTS, &layer(dense));
            weights.message(schema::weights::POLICY_DENSE_BIASES, &layer(biases));
            schema::network_format::POLICY_CLASSICAL
        }
    };
    let mut kind = Writer::new();
    kind.varint(schema::network_format::INPUT, schema::network_format::INPUT_CLASSICAL_112_PLANE)
        .varint(schema::network_format::NETWORK, schema::network_format::NETWORK_SE_WITH_HEADFORMAT)
        .varint(schema::network_format::POLICY, policy_format);
    let mut file_format = Writer::new();
    file_format
        .varint(schema::format::WEIGHTS_ENCODING, schema::layer::LINEAR16)
        .message(schema::format::NETWORK_FORMAT, &kind);
    let mut file = Writer::new();
    file.fixed32(schema::net::MAGIC, schema::net::MAGIC_NUMBER)
        .message(schema::net::FORMAT, &file_format)
        .message(schema::net::WEIGHTS, &weights);
    file.finish()
}

/// `bytes` gzip-compressed, as lc0's files are.
pub fn gzipped(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    // Writing to memory cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}
