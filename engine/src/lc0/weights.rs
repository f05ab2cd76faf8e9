//! lc0's network file, read into the layers the forward pass uses.
//!
//! The file is a gzip-compressed `Net` message (`proto/net.proto` in lc0's
//! source); `schema.rs` names the fields read here.
//!
//! What is supported is what the human-move networks (Maia) and lc0's
//! residual networks of the same generation use: the classical 112-plane
//! input, a residual tower with or without squeeze-excitation, and a
//! convolutional or classical policy head. Anything else is refused with
//! the reason. Batch normalisation is folded into each convolution's
//! weights and biases as lc0 does (variance plus 1e-5).

use super::planes::INPUT_PLANES;
use super::policy_map::{CONV_POLICY_PLANES, POLICY_MOVES};
use super::proto::{all, fields, last, Message, Value};
use super::schema;

const BATCH_NORM_EPSILON: f32 = 1e-5;

/// A convolution with its batch normalisation folded in: `weights[out][in][k*k]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Conv {
    pub inputs: usize,
    pub outputs: usize,
    /// 1 or 3.
    pub kernel: usize,
    pub weights: Vec<f32>,
    pub biases: Vec<f32>,
}

/// Squeeze-excitation: the channels' means through two dense layers give
/// each channel a scale (a sigmoid) and a shift.
#[derive(Clone, Debug, PartialEq)]
pub struct SqueezeExcitation {
    pub hidden: usize,
    /// `[hidden][channels]`
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    /// `[2 * channels][hidden]`: scales first, then shifts.
    pub w2: Vec<f32>,
    pub b2: Vec<f32>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Residual {
    pub conv1: Conv,
    pub conv2: Conv,
    pub se: Option<SqueezeExcitation>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PolicyHead {
    /// Two 3x3 convolutions, the second to 73+ planes of moves.
    Convolution { conv1: Conv, conv2: Conv },
    /// A 1x1 convolution, then a dense layer to the 1,858 moves:
    /// `weights[move][channel * 64 + square]`.
    Classical { conv: Conv, weights: Vec<f32>, biases: Vec<f32> },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Lc0Weights {
    pub filters: usize,
    pub input: Conv,
    pub tower: Vec<Residual>,
    pub policy: PolicyHead,
}

/// Reads a network from the bytes of its (decompressed) file.
pub fn parse_net(bytes: &[u8]) -> Result<Lc0Weights, String> {
    let net = fields(bytes).map_err(|e| format!("not an lc0 network ({e})"))?;
    match last(&net, schema::net::MAGIC) {
        Some(Value::Fixed32(schema::net::MAGIC_NUMBER)) => {}
        _ => return Err("not an lc0 network (no lc0 magic number)".into()),
    }
    check_format(&net)?;
    let weights = message(&net, schema::net::WEIGHTS, "weights")?.ok_or("the file holds no weights")?;
    let input =
        conv_block(&weights, schema::weights::INPUT, "input", 3)?.ok_or("the network has no input convolution")?;
    if input.inputs != INPUT_PLANES {
        return Err(format!("the input convolution reads {} planes, not lc0's {INPUT_PLANES}", input.inputs));
    }
    let filters = input.outputs;
    let mut tower = Vec::new();
    for (block, value) in all(&weights, schema::weights::RESIDUAL).enumerate() {
        let Value::Bytes(bytes) = value else { return Err(format!("residual block {block} is not a message")) };
        let residual = fields(bytes).map_err(|e| format!("residual block {block}: {e}"))?;
        let name = |part: &str| format!("residual block {block} {part}");
        let conv = |number, part: &str| -> Result<Conv, String> {
            let conv =
                conv_block(&residual, number, &name(part), 3)?.ok_or_else(|| format!("{} is missing", name(part)))?;
            if conv.inputs != filters || conv.outputs != filters {
                return Err(format!("{} is {}x{}, the tower is {filters} wide", name(part), conv.inputs, conv.outputs));
            }
            Ok(conv)
        };
        let (conv1, conv2) = (conv(schema::residual::CONV1, "conv1")?, conv(schema::residual::CONV2, "conv2")?);
        let se = match message(&residual, schema::residual::SE, &name("se"))? {
            Some(se) => Some(squeeze_excitation(&se, filters, &name("se"))?),
            None => None,
        };
        tower.push(Residual { conv1, conv2, se });
    }
    let policy = policy_head(&weights, filters)?;
    Ok(Lc0Weights { filters, input, tower, policy })
}

/// The formats this reader supports; a file without a format is one of
/// lc0's oldest, which are classical throughout.
fn check_format(net: &Message) -> Result<(), String> {
    let Some(format) = message(net, schema::net::FORMAT, "format")? else { return Ok(()) };
    let Some(network) = message(&format, schema::format::NETWORK_FORMAT, "network format")? else { return Ok(()) };
    let number = |field| match last(&network, field) {
        Some(Value::Varint(value)) => value,
        _ => 0,
    };
    let (input, structure, policy) = (
        number(schema::network_format::INPUT),
        number(schema::network_format::NETWORK),
        number(schema::network_format::POLICY),
    );
    if input > schema::network_format::INPUT_CLASSICAL_112_PLANE {
        return Err(format!("input format {input} is not supported (only the classical 112 planes, 1)"));
    }
    // 1 classical, 2 with squeeze-excitation, 3 and 4 the same with head formats.
    if structure > schema::network_format::NETWORK_SE_WITH_HEADFORMAT {
        return Err(format!("network structure {structure} is not supported (only residual towers, 1 to 4)"));
    }
    if policy > schema::network_format::POLICY_CONVOLUTION {
        return Err(format!("policy format {policy} is not supported (only classical 1 and convolution 2)"));
    }
    Ok(())
}

fn message<'a>(fields_of: &Message<'a>, number: u32, name: &str) -> Result<Option<Message<'a>>, String> {
    match last(fields_of, number) {
        None => Ok(None),
        Some(Value::Bytes(bytes)) => fields(bytes).map(Some).map_err(|e| format!("{name}: {e}")),
        Some(_) => Err(format!("{name} is not a message")),
    }
}

/// A `Layer`'s values, decoded from its encoding (LINEAR16 when none is
/// named, as in lc0).
fn layer(fields_of: &Message, number: u32, name: &str) -> Result<Vec<f32>, String> {
    let Some(layer) = message(fields_of, number, name)? else { return Ok(Vec::new()) };
    let float = |field| match last(&layer, field) {
        Some(Value::Fixed32(bits)) => f32::from_bits(bits),
        _ => 0.0,
    };
    let (min, max) = (float(schema::layer::MIN_VALUE), float(schema::layer::MAX_VALUE));
    let params = match last(&layer, schema::layer::PARAMS) {
        Some(Value::Bytes(bytes)) => bytes,
        None => &[],
        Some(_) => return Err(format!("{name}: its values are not bytes")),
    };
    let encoding = match last(&layer, schema::layer::ENCODING) {
        Some(Value::Varint(encoding)) => encoding,
        _ => schema::layer::LINEAR16,
    };
    let halves = || params.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]]));
    let values: Vec<f32> = match encoding {
        schema::layer::LINEAR16 => halves()
            .map(|raw| {
                let theta = f32::from(raw) / 65535.0;
                min * (1.0 - theta) + max * theta
            })
            .collect(),
        schema::layer::FLOAT16 => halves().map(half_to_f32).collect(),
        schema::layer::BFLOAT16 => halves().map(|raw| f32::from_bits(u32::from(raw) << 16)).collect(),
        schema::layer::FLOAT32 => {
            params.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
        }
        other => return Err(format!("{name}: encoding {other} is not one of lc0's")),
    };
    let width = if encoding == schema::layer::FLOAT32 { 4 } else { 2 };
    if params.len() % width != 0 {
        return Err(format!("{name}: {} bytes is not a whole number of values", params.len()));
    }
    Ok(values)
}

/// IEEE half precision to single.
fn half_to_f32(raw: u16) -> f32 {
    let sign = if raw & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exponent = i32::from((raw >> 10) & 0x1f);
    let fraction = f32::from(raw & 0x3ff);
    match exponent {
        0 => sign * fraction * 2f32.powi(-24),
        31 if fraction == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        _ => sign * (1.0 + fraction / 1024.0) * 2f32.powi(exponent - 15),
    }
}

/// A `ConvBlock` with its batch normalisation folded in, `None` when the
/// file has none; its input count comes from its weights' length.
fn conv_block(fields_of: &Message, number: u32, name: &str, kernel: usize) -> Result<Option<Conv>, String> {
    let Some(block) = message(fields_of, number, name)? else { return Ok(None) };
    let part = |field, what: &str| layer(&block, field, &format!("{name} {what}"));
    let mut weights = part(schema::conv_block::WEIGHTS, "weights")?;
    let mut biases = part(schema::conv_block::BIASES, "biases")?;
    let (mut means, variances, mut gammas, mut betas) = (
        part(schema::conv_block::MEANS, "means")?,
        part(schema::conv_block::VARIANCES, "variances")?,
        part(schema::conv_block::GAMMAS, "gammas")?,
        part(schema::conv_block::BETAS, "betas")?,
    );
    let outputs = [biases.len(), means.len()].into_iter().max().unwrap_or(0);
    if weights.is_empty() || outputs == 0 {
        return Err(format!("{name} has no weights or no outputs"));
    }
    let per_output = weights.len() / outputs;
    if weights.len() % outputs != 0 || per_output % (kernel * kernel) != 0 {
        return Err(format!("{name}: {} weights do not make {outputs} {kernel}x{kernel} filters", weights.len()));
    }
    if biases.is_empty() {
        biases = vec![0.0; outputs];
    }
    if !means.is_empty() {
        if gammas.is_empty() && betas.is_empty() {
            (gammas, betas) = (vec![1.0; outputs], vec![0.0; outputs]);
        }
        if [means.len(), variances.len(), gammas.len(), betas.len(), biases.len()].iter().any(|&n| n != outputs) {
            return Err(format!("{name}: its batch normalisation does not have {outputs} channels"));
        }
        for output in 0..outputs {
            let scale = gammas[output] * (1.0 / (variances[output] + BATCH_NORM_EPSILON).sqrt());
            means[output] -= biases[output];
            weights[output * per_output..(output + 1) * per_output].iter_mut().for_each(|w| *w *= scale);
            biases[output] = betas[output] - scale * means[output];
        }
    } else if biases.len() != outputs {
        return Err(format!("{name}: {} biases for {outputs} outputs", biases.len()));
    }
    Ok(Some(Conv { inputs: per_output / (kernel * kernel), outputs, kernel, weights, biases }))
}

fn squeeze_excitation(se: &Message, channels: usize, name: &str) -> Result<SqueezeExcitation, String> {
    let part = |field, what: &str| layer(se, field, &format!("{name} {what}"));
    let (w1, b1, w2, b2) = (
        part(schema::se_unit::W1, "w1")?,
        part(schema::se_unit::B1, "b1")?,
        part(schema::se_unit::W2, "w2")?,
        part(schema::se_unit::B2, "b2")?,
    );
    let hidden = b1.len();
    if hidden == 0 || w1.len() != hidden * channels || w2.len() != 2 * channels * hidden || b2.len() != 2 * channels {
        return Err(format!("{name}: its layers do not fit {channels} channels"));
    }
    Ok(SqueezeExcitation { hidden, w1, b1, w2, b2 })
}

fn policy_head(weights: &Message, filters: usize) -> Result<PolicyHead, String> {
    if let Some(conv1) = conv_block(weights, schema::weights::POLICY1, "policy1", 3)? {
        let conv2 = conv_block(weights, schema::weights::POLICY, "policy", 3)?
            .ok_or("the policy head has no second convolution")?;
        if conv1.inputs != filters || conv1.outputs != filters || conv2.inputs != filters {
            return Err("the convolutional policy head does not fit the tower".into());
        }
        if conv2.outputs < CONV_POLICY_PLANES {
            return Err(format!("the policy head has {} planes, fewer than {CONV_POLICY_PLANES}", conv2.outputs));
        }
        return Ok(PolicyHead::Convolution { conv1, conv2 });
    }
    let conv = conv_block(weights, schema::weights::POLICY, "policy", 1)?.ok_or("the network has no policy head")?;
    let dense = layer(weights, schema::weights::POLICY_DENSE_WEIGHTS, "policy dense weights")?;
    let biases = layer(weights, schema::weights::POLICY_DENSE_BIASES, "policy dense biases")?;
    if conv.inputs != filters || biases.len() != POLICY_MOVES || dense.len() != POLICY_MOVES * conv.outputs * 64 {
        return Err(format!("the classical policy head does not map {} planes to {POLICY_MOVES} moves", conv.outputs));
    }
    Ok(PolicyHead::Classical { conv, weights: dense, biases })
}

#[cfg(test)]
mod tests {
    use super::super::proto::Writer;
    use super::*;

    fn decoded(layer_message: &Writer) -> Result<Vec<f32>, String> {
        let mut holder = Writer::new();
        holder.message(7, layer_message);
        let bytes = holder.finish();
        layer(&fields(&bytes).expect("valid"), 7, "test layer")
    }

    #[test]
    fn linear16_layers_decode_between_their_bounds() {
        let raw: Vec<u8> = [0u16, 65535, 32768, 16384].iter().flat_map(|v| v.to_le_bytes()).collect();
        let mut linear = Writer::new();
        linear.float(1, -1.0).float(2, 3.0).bytes(3, &raw);
        let values = decoded(&linear).expect("valid");
        let expected = [-1.0, 3.0, -1.0 + 4.0 * 32768.0 / 65535.0, -1.0 + 4.0 * 16384.0 / 65535.0];
        for (value, expected) in values.iter().zip(expected) {
            assert!((value - expected).abs() < 1e-6, "{value} vs {expected}");
        }
        let mut half = Writer::new();
        half.bytes(3, &[0x00, 0x3c, 0x00, 0xc0]).varint(4, 2);
        assert_eq!(decoded(&half), Ok(vec![1.0, -2.0]));
        let mut odd = Writer::new();
        odd.bytes(3, &[1, 2, 3]).varint(4, 4);
        assert!(decoded(&odd).expect_err("three bytes").contains("whole number"));
        let mut unknown = Writer::new();
        unknown.bytes(3, &[1, 2]).varint(4, 9);
        assert!(decoded(&unknown).expect_err("encoding 9").contains("encoding 9"));
    }

    #[test]
    fn half_precision_values_decode() {
        assert_eq!(half_to_f32(0x3c00), 1.0);
        assert_eq!(half_to_f32(0xc000), -2.0);
        assert_eq!(half_to_f32(0x3555), 0.333_251_95);
        assert_eq!(half_to_f32(0x0001), 2f32.powi(-24));
    }
}
