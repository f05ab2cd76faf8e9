//! What an opponent is likely to reply, as a probability for every legal
//! reply: the natural-move model (`natural.rs`, built in), or a human-move
//! network in lc0's format (Maia), which reads the game as it stands.
//! Either names a trap by what players play: a reply that loses, and how
//! often this kind of player makes it.

use super::natural::{probabilities, score_replies};
use crate::lc0::Lc0Network;
use crate::search::Searcher;
use movegen::{Board, Move};
use std::path::Path;
use std::sync::Arc;

#[derive(Clone)]
pub enum ReplyModel {
    /// One ply and quiescence, a softmax at this temperature (centipawns).
    Natural { temperature: i32 },
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
    /// `natural`, or the path of a network file; errors name the file.
    pub fn from_option(value: &str, temperature: i32) -> Result<ReplyModel, String> {
        if value.trim().eq_ignore_ascii_case("natural") {
            return Ok(ReplyModel::Natural { temperature });
        }
        let path = Path::new(value.trim());
        let name = path.file_name().map_or(value.to_string(), |n| n.to_string_lossy().into_owned());
        let network = Lc0Network::load(path)?;
        Ok(ReplyModel::Network { name: name.trim_end_matches(".pb.gz").to_string(), network: Arc::new(network) })
    }

    pub fn name(&self) -> &str {
        match self {
            ReplyModel::Natural { .. } => "the natural model",
            ReplyModel::Network { name, .. } => name,
        }
    }

    /// Every legal reply in the last position of `history` (the game,
    /// oldest first) with its probability, most likely first. `searcher`
    /// scores replies for the natural model (its table is the model's own).
    pub fn replies(&self, history: &[Board], searcher: &mut Searcher) -> Vec<LikelyReply> {
        let Some(board) = history.last() else { return Vec::new() };
        let mut replies: Vec<LikelyReply> = match self {
            ReplyModel::Natural { temperature } => {
                let (scored, _) = score_replies(searcher, board);
                let scores: Vec<i32> = scored.iter().map(|s| s.score).collect();
                let shares = probabilities(&scores, *temperature);
                scored.iter().zip(shares).map(|(s, probability)| LikelyReply { reply: s.reply, probability }).collect()
            }
            ReplyModel::Network { network, .. } => network
                .policy(history)
                .iter()
                .map(|entry| LikelyReply { reply: entry.mv, probability: f64::from(entry.probability) })
                .collect(),
        };
        replies.sort_by(|a, b| b.probability.total_cmp(&a.probability));
        replies
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_natural_model_gives_a_hanging_queen_to_its_taker() {
        // White's queen on h5 hangs to the knight on f6.
        let board = Board::from_fen("rnbqkb1r/pppp1ppp/5n2/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 3 3").expect("valid");
        let mut searcher = Searcher::new(1);
        let replies = ReplyModel::Natural { temperature: 50 }.replies(&[board], &mut searcher);
        assert_eq!(replies[0].reply.to_string(), "f6h5");
        assert!(replies[0].probability > 0.9, "{replies:?}");
        let total: f64 = replies.iter().map(|r| r.probability).sum();
        assert!((total - 1.0).abs() < 1e-9);
    }

    #[test]
    fn a_missing_network_is_named() {
        let error = ReplyModel::from_option("/nonexistent/maia-1500.pb.gz", 50).err().expect("missing");
        assert!(error.contains("/nonexistent/maia-1500.pb.gz"), "{error}");
        assert_eq!(
            ReplyModel::from_option(" Natural ", 40).map(|m| m.name().to_string()),
            Ok("the natural model".into())
        );
    }
}
