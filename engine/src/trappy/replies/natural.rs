//! The natural-move model: how likely an opponent who does not search is
//! to play each reply.
//!
//! Humans, and networks trained on their games, do not look k plies less
//! deep than we do; they play what looks right at a glance: take what
//! hangs, save what is attacked, avoid what loses material at once. The
//! model scores every reply by what the position looks like after it
//! once captures settle (one ply and quiescence, from the opponent's own
//! small table, so nothing our deeper search learned leaks in) and plays
//! a softmax over those scores: at temperature `T` centipawns a reply
//! `T` worse than the best is `e` times less likely. The temperature
//! (`TrapTemperature`) is fitted to games with `tuner predict`; against
//! Maia 1100 to 1500 the fit hardly moved with the rating
//! (docs/results/opponent-knowledge.md), so the engine does not derive it
//! from the opponent's rating.

use crate::search::score::MATE_BOUND;
use crate::search::Searcher;
use movegen::{Board, Move};

/// A reply's score for the player making it, in centipawns.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ScoredReply {
    pub reply: Move,
    pub score: i32,
}

/// What a mate in one looks like to the model: better than any material,
/// but on the same scale, so the softmax does not overflow.
const MATE_IN_ONE: i32 = MATE_BOUND / 4;

/// Every legal move of `board`'s side to move, scored from that side's
/// view by one ply and quiescence with `searcher` (whose table and nodes
/// are the model's). Returns the scores, best first, and the nodes spent.
pub fn score_replies(searcher: &mut Searcher, board: &Board) -> (Vec<ScoredReply>, u64) {
    match score_replies_within(searcher, board, u64::MAX) {
        Ok(scored) => scored,
        Err(_) => unreachable!("quiescence_within is always Some without a node limit"),
    }
}

/// `score_replies` spending at most `node_limit` nodes: `Err` with the
/// nodes spent (all of `node_limit`) when the limit ran out before every
/// reply was scored.
pub fn score_replies_within(
    searcher: &mut Searcher,
    board: &Board,
    node_limit: u64,
) -> Result<(Vec<ScoredReply>, u64), u64> {
    let mut nodes = 0;
    let mut scored = Vec::new();
    for &reply in board.legal_moves().iter() {
        let mut after = board.clone();
        after.play(reply);
        let score = if after.has_legal_move() {
            let value = searcher.quiescence_within(&after, node_limit.saturating_sub(nodes));
            nodes += searcher.last_search_nodes();
            match value {
                Some(value) => -value,
                None => return Err(nodes),
            }
        } else if after.in_check() {
            MATE_IN_ONE
        } else {
            0
        };
        scored.push(ScoredReply { reply, score });
    }
    // Stable: equal scores keep the generator's order, so the model is
    // deterministic.
    scored.sort_by_key(|s| std::cmp::Reverse(s.score));
    Ok((scored, nodes))
}

/// The softmax probabilities of `scores` at `temperature` centipawns, in
/// the same order; they sum to 1.
pub fn probabilities(scores: &[i32], temperature: i32) -> Vec<f64> {
    let scores: Vec<f64> = scores.iter().map(|&score| f64::from(score)).collect();
    crate::probability::softmax(&scores, f64::from(temperature.max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hanging_queen_is_the_natural_capture() {
        // Black's queen on d4 hangs to the knight on f3; taking it is what
        // anyone plays, and the model says so with high probability.
        let board = Board::from_fen("rnb1kbnr/pppp1ppp/8/4p3/3q4/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 3").expect("valid");
        let mut searcher = Searcher::new(1);
        let (scored, nodes) = score_replies(&mut searcher, &board);
        assert!(nodes > 0);
        // With too few nodes (and a fresh table, so that the same work is
        // needed) it stops at the limit instead of going over.
        let limited = score_replies_within(&mut Searcher::new(1), &board, nodes / 2);
        assert_eq!(limited.map(|_| ()), Err(nodes / 2));
        assert_eq!(scored.len(), board.legal_moves().len());
        assert_eq!(scored[0].reply, board.parse_uci_move("f3d4").expect("legal"));
        assert!(scored[0].score > scored[1].score + 300, "{scored:?}");
        let odds = probabilities(&scored.iter().map(|s| s.score).collect::<Vec<_>>(), 100);
        assert!(odds[0] > 0.9, "{}", odds[0]);
        assert!((odds.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    }

    #[test]
    fn mate_in_one_is_seen_and_a_colder_softmax_is_surer() {
        // Scholar's mate: Qxf7 is mate.
        let board =
            Board::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4").expect("valid");
        let (scored, _) = score_replies(&mut Searcher::new(1), &board);
        assert_eq!(scored[0].reply, board.parse_uci_move("h5f7").expect("legal"));
        assert_eq!(scored[0].score, MATE_IN_ONE);
        let scores = [50, 0, -20];
        assert!(probabilities(&scores, 30)[0] > probabilities(&scores, 150)[0]);
    }
}
