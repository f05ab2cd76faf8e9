//! What an opponent is likely to reply: the natural-move model
//! (`natural.rs`, built in), the paper's model of an engine that searches
//! less deep than we do, or a human-move network in lc0's format (Maia),
//! which reads the game as it stands. Each names a trap by what its player
//! plays: a reply that loses, and how often it is made. The
//! `OpponentModel` option says which (`opponent_model.rs`);
//! `modelled_opponent.rs` asks it after each root move.

pub mod modelled_opponent;
pub mod natural;
pub mod opponent_model;
pub mod rated_networks;

use crate::lc0::{Lc0Network, MoveProbability, Scratch};
use crate::search::Searcher;
use movegen::{Board, Move};
use natural::{probabilities, score_replies_within, ScoredReply};
pub use opponent_model::{OpponentModelChoice, AUTODISCOVER};
pub use rated_networks::{rating_in_name, RatedNetwork, SkippedFile};
use std::sync::Arc;

/// What a human-move network's forward pass is charged against the
/// decision's allowance: about its time at the search's speed (a Maia
/// network's pass takes some 1.5 ms).
pub const NETWORK_PASS_NODES: u64 = 1_500;

/// The model that predicts one opponent's replies, with its parameter.
#[derive(Clone)]
pub enum ReplyModel {
    /// An opponent who does not search: one ply and quiescence, a softmax
    /// at `temperature` centipawns (`TrapTemperature`).
    Natural { temperature: i32 },
    /// The paper's opponent: our own search, `gap` plies shallower
    /// (`TrapOpponentGap`), from a table of its own; its best reply is
    /// certain. Made for engines that search less deep than we do.
    Search { gap: usize },
    /// A network and the name it is reported by (its file's stem).
    Network { name: String, network: Arc<Lc0Network> },
}

/// A reply and how likely the model makes it (0 to 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LikelyReply {
    pub reply: Move,
    pub probability: f64,
}

impl ReplyModel {
    pub fn name(&self) -> &str {
        match self {
            ReplyModel::Natural { .. } => "the natural model",
            ReplyModel::Search { .. } => "the searched model",
            ReplyModel::Network { name, .. } => name,
        }
    }

    /// Every legal reply in the last position of `history` (the game,
    /// oldest first) with its probability, most likely first, and what it
    /// cost in nodes: the natural model's scoring with `searcher` (its
    /// table is the model's own), or `NETWORK_PASS_NODES` for a forward
    /// pass. `Err` with the nodes spent when the natural model's scoring
    /// ran out of `node_limit`, or a pass costs more than it. The searched
    /// model gives no distribution (`modelled_opponent.rs` searches for its one
    /// reply): none here.
    pub fn likely_replies(
        &self,
        history: &[Board],
        searcher: &mut Searcher,
        scratch: &mut Scratch,
        node_limit: u64,
    ) -> Result<(Vec<LikelyReply>, u64), u64> {
        let Some(board) = history.last() else { return Ok((Vec::new(), 0)) };
        let (mut replies, nodes) = match self {
            ReplyModel::Natural { temperature } => {
                let (scored, nodes) = score_replies_within(searcher, board, node_limit)?;
                (natural_likelihoods(&scored, *temperature), nodes)
            }
            ReplyModel::Network { network, .. } if node_limit >= NETWORK_PASS_NODES => {
                (policy_likelihoods(&network.policy_with(history, scratch)), NETWORK_PASS_NODES)
            }
            ReplyModel::Network { .. } => return Err(0),
            ReplyModel::Search { .. } => (Vec::new(), 0),
        };
        replies.sort_by(|a, b| b.probability.total_cmp(&a.probability));
        Ok((replies, nodes))
    }
}

/// The natural model's replies (scored, best first) as probabilities: a
/// softmax at `temperature` centipawns, in the same order.
pub fn natural_likelihoods(scored: &[ScoredReply], temperature: i32) -> Vec<LikelyReply> {
    let scores: Vec<i32> = scored.iter().map(|s| s.score).collect();
    let shares = probabilities(&scores, temperature);
    scored.iter().zip(shares).map(|(s, probability)| LikelyReply { reply: s.reply, probability }).collect()
}

/// A network's policy as likely replies, in the same order.
pub fn policy_likelihoods(policy: &[MoveProbability]) -> Vec<LikelyReply> {
    policy.iter().map(|entry| LikelyReply { reply: entry.mv, probability: f64::from(entry.probability) }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_natural_model_gives_a_hanging_queen_to_its_taker() {
        // White's queen on h5 hangs to the knight on f6.
        let board = Board::from_fen("rnbqkb1r/pppp1ppp/5n2/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 3 3").expect("valid");
        let mut searcher = Searcher::new(1);
        let natural = ReplyModel::Natural { temperature: 50 };
        let (replies, _) =
            natural.likely_replies(&[board], &mut searcher, &mut Scratch::default(), u64::MAX).expect("no node limit");
        assert_eq!(replies[0].reply.to_string(), "f6h5");
        assert!(replies[0].probability > 0.9, "{replies:?}");
        let total: f64 = replies.iter().map(|r| r.probability).sum();
        assert!((total - 1.0).abs() < 1e-9);
    }
}
