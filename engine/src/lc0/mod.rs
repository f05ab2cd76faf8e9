//! Human-move networks in lc0's format (the Maia networks among them),
//! read and run natively: the file (`weights.rs` over `proto.rs`), the
//! input planes (`planes.rs`), the policy's move numbering
//! (`policy_map.rs`) and the forward pass (`forward.rs`), each written
//! from lc0's own definitions so that a position gets the probabilities
//! lc0 gives it.
//!
//! The networks are not part of trappy (they are GPL-3.0, trappy is MIT):
//! users point at their own copies.

mod forward;
mod matmul;
mod move_planes;
pub mod network_file;
pub mod planes;
pub mod policy_map;
pub mod proto;
mod schema;
pub mod weights;
mod winograd;
pub mod writer;

pub use forward::Scratch;
use movegen::{Board, Color, Move};
use std::path::Path;
use weights::{Lc0Weights, PolicyHead};

/// The name a network is reported by: its file's name without `.pb.gz`
/// or `.pb` (`maia-1500`).
pub fn network_name(path: &Path) -> String {
    let file = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
    let stem = file.strip_suffix(".pb.gz").or_else(|| file.strip_suffix(".pb"));
    stem.unwrap_or(&file).to_string()
}

/// A network ready to score positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Lc0Network {
    /// The layers as the forward pass reads them; the weights as read are
    /// not kept beside them.
    prepared: forward::Prepared,
    /// `describe`'s words, from the weights as read.
    description: String,
}

/// A legal move and the network's probability for it (0 to 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveProbability {
    pub mv: Move,
    pub probability: f32,
}

impl Lc0Network {
    /// Reads a network file, gzip-compressed (as lc0 ships them) or not,
    /// checked before it is read whole (`network_file.rs`). Errors name
    /// the file and what is wrong with it.
    pub fn load(path: &Path) -> Result<Lc0Network, String> {
        let bytes = network_file::read_network_file(path)?;
        let weights = weights::parse_net(&bytes).map_err(|e| format!("network {}: {e}", path.display()))?;
        Ok(Lc0Network::prepare(weights))
    }

    /// A network file's bytes, gzip-compressed or not, checked as `load`
    /// checks a file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Lc0Network, String> {
        let message = network_file::read_net_bytes(bytes, bytes.len() as u64)?;
        Ok(Lc0Network::prepare(weights::parse_net(&message)?))
    }

    fn prepare(weights: Lc0Weights) -> Lc0Network {
        Lc0Network { prepared: forward::Prepared::new(&weights), description: description(&weights) }
    }

    /// "6 residual blocks of 64 filters, squeeze-excitation, convolutional policy".
    pub fn describe(&self) -> String {
        self.description.clone()
    }

    /// The probability of every legal move of the last position of
    /// `history` (the game's positions, oldest first, which the inputs
    /// read), best first; empty when there is no legal move.
    pub fn policy(&self, history: &[Board]) -> Vec<MoveProbability> {
        self.policy_with(history, &mut Scratch::default())
    }

    /// `policy` with buffers kept between calls.
    pub fn policy_with(&self, history: &[Board], scratch: &mut Scratch) -> Vec<MoveProbability> {
        self.policies_with(&[history], scratch).pop().unwrap_or_default()
    }

    /// `policy` for several positions (each a game's history, oldest
    /// first) in one forward pass, which reads the network's weights once
    /// for all of them: the same probabilities as one position at a time.
    pub fn policies_with(&self, histories: &[&[Board]], scratch: &mut Scratch) -> Vec<Vec<MoveProbability>> {
        let listed: Vec<(Vec<Move>, Vec<usize>)> = histories.iter().map(|history| legal_places(history)).collect();
        let scored: Vec<usize> = (0..histories.len()).filter(|&at| !listed[at].0.is_empty()).collect();
        let mut planes = Vec::with_capacity(scored.len() * planes::INPUT_PLANES * 64);
        for &at in &scored {
            planes.extend_from_slice(&planes::input_planes(histories[at]));
        }
        let places: Vec<Vec<usize>> = scored.iter().map(|&at| listed[at].1.clone()).collect();
        let mut logits = self.prepared.policy_logits(&planes, &places, scratch).into_iter();
        let mut policies = Vec::with_capacity(histories.len());
        for (moves, _) in &listed {
            let Some(logits) = (!moves.is_empty()).then(|| logits.next()).flatten() else {
                policies.push(Vec::new());
                continue;
            };
            policies.push(probabilities(moves, &logits));
        }
        policies
    }
}

fn description(w: &Lc0Weights) -> String {
    let se = if w.tower.iter().all(|block| block.se.is_some()) { ", squeeze-excitation" } else { "" };
    let policy = match w.policy {
        PolicyHead::Convolution { .. } => "convolutional",
        PolicyHead::Classical { .. } => "classical",
    };
    format!("{} residual blocks of {} filters{se}, {policy} policy", w.tower.len(), w.filters)
}

/// The legal moves of the last position of `history` and their indices
/// among lc0's moves; none without a position.
fn legal_places(history: &[Board]) -> (Vec<Move>, Vec<usize>) {
    let Some(board) = history.last() else { return (Vec::new(), Vec::new()) };
    let white = board.side_to_move() == Color::White;
    let moves: Vec<Move> = board.legal_moves().iter().copied().collect();
    let places =
        moves.iter().map(|&mv| policy_map::policy_index(mv, white).expect("every legal move is listed")).collect();
    (moves, places)
}

/// The moves' softmax of their logits, best first.
fn probabilities(moves: &[Move], logits: &[f32]) -> Vec<MoveProbability> {
    let logits: Vec<f64> = logits.iter().map(|&logit| f64::from(logit)).collect();
    let probabilities = crate::probability::softmax(&logits, 1.0);
    let mut policy: Vec<MoveProbability> = moves
        .iter()
        .zip(&probabilities)
        .map(|(&mv, &probability)| MoveProbability { mv, probability: probability as f32 })
        .collect();
    policy.sort_by(|a, b| b.probability.total_cmp(&a.probability));
    policy
}
