//! The evaluation network (NNUE): 768 piece-square inputs seen from each
//! side, one hidden layer per side with a squared clipped activation, and
//! one output, whose weights depend on how many pieces are left. The
//! first layer's sums (the accumulator) change by a few rows per move, so
//! the search updates them from the parent position instead of summing all
//! pieces again.
//!
//! `features` says which inputs a position sets, `network` holds the
//! integer weights and reads them from a file, `accumulator` keeps the
//! first layer's sums and turns them into a score, `embedded` is the
//! network built into the binary.

mod accumulator;
mod embedded;
mod features;
mod network;

pub use accumulator::Accumulator;
pub use embedded::{embedded_network, odds_network, DEFAULT_EVAL_FILE, EMBEDDED};
pub use features::{feature_index, for_each_feature, INPUTS};
#[cfg(test)]
pub(crate) use network::random_network;
pub use network::{
    output_bucket, Network, NetworkError, HIDDEN, OUTPUT_BUCKETS, OUTPUT_SCALE, QUANT_HIDDEN, QUANT_OUTPUT,
};

use std::sync::Arc;

/// The `EvalFile` value that selects the classical (hand-written, fitted)
/// evaluation instead of a network.
pub const CLASSICAL: &str = "classical";

/// What an `EvalFile` value names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalFileValue<'a> {
    /// `classical` (or an empty value): the hand-written, fitted evaluation.
    Classical,
    /// `embedded`: the network built into the binary.
    Embedded,
    /// Anything else: a network file at that path.
    File(&'a str),
}

impl EvalFileValue<'_> {
    pub fn parse(value: &str) -> EvalFileValue<'_> {
        let value = value.trim();
        if value.is_empty() || value.eq_ignore_ascii_case(CLASSICAL) || value == "<empty>" {
            EvalFileValue::Classical
        } else if value.eq_ignore_ascii_case(EMBEDDED) {
            EvalFileValue::Embedded
        } else {
            EvalFileValue::File(value)
        }
    }
}

/// The network an `EvalFile` value names: `None` for the classical
/// evaluation, the built-in one for `embedded`, otherwise the network file
/// at that path.
pub fn network_for_eval_file(value: &str) -> Result<Option<Arc<Network>>, String> {
    match EvalFileValue::parse(value) {
        EvalFileValue::Classical => Ok(None),
        EvalFileValue::Embedded => Ok(Some(embedded_network())),
        EvalFileValue::File(path) => Network::load(std::path::Path::new(path)).map(|network| Some(Arc::new(network))),
    }
}

/// The network the programs evaluate with unless told otherwise.
pub fn default_network() -> Option<Arc<Network>> {
    // The default names the built-in network or `classical`, never a file.
    network_for_eval_file(DEFAULT_EVAL_FILE).unwrap_or_default()
}
