//! When the odds network evaluates. It is the built-in network fine-tuned
//! on the results of the engine's games against human-like players at
//! odds, as Leela's odds networks were trained on games against Maia: a
//! missing piece counts for less, as far as such a player lets it. At even
//! material against the engine it plays far weaker
//! (docs/results/odds-network.md), so it evaluates only where it was
//! measured to pay: against a human rated well below the engine (the
//! stance decides that), while the engine stands a piece or more behind in
//! material at the root, and only in place of the built-in network (a
//! network the user names with `EvalFile` stands).

use crate::nnue::{embedded_network, odds_network, Network};
use movegen::{Board, Piece};
use std::sync::Arc;

/// A human must be rated this far below the engine: the games it learned
/// from were against players 900 to 1,300 below.
pub const ODDS_NETWORK_GAP: i32 = 800;

/// Pawns of material the side to move must be behind: a minor piece. At
/// even material the built-in network converts better.
pub const ODDS_NETWORK_DEFICIT: i32 = 3;

/// The network the search evaluates with at `root`: the odds network when
/// the stance `allows` it, `configured` (what `EvalFile` set) is the
/// built-in network and the side to move is a piece or more behind;
/// otherwise `configured`.
pub fn network_at(root: &Board, allows: bool, configured: &Option<Arc<Network>>) -> Option<Arc<Network>> {
    if allows && gives_way(configured) && material_deficit(root) >= ODDS_NETWORK_DEFICIT {
        return Some(odds_network());
    }
    configured.clone()
}

/// Whether `configured` (what `EvalFile` set) is the built-in network,
/// the one the odds network was fine-tuned from and may stand in for.
pub fn gives_way(configured: &Option<Arc<Network>>) -> bool {
    configured.as_ref().is_some_and(|network| Arc::ptr_eq(network, &embedded_network()))
}

/// How many pawns of material (1, 3, 3, 5, 9) the side to move has less
/// than its opponent; below zero when it has more.
pub fn material_deficit(board: &Board) -> i32 {
    let values = [(Piece::Pawn, 1), (Piece::Knight, 3), (Piece::Bishop, 3), (Piece::Rook, 5), (Piece::Queen, 9)];
    let us = board.side_to_move();
    values
        .iter()
        .map(|&(piece, value)| {
            let count = |color| board.colored(piece, color).count() as i32;
            value * (count(!us) - count(us))
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUEEN_SHORT: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";

    #[test]
    fn the_deficit_is_the_side_to_moves() {
        let board = |fen: &str| Board::from_fen(fen).expect("valid");
        assert_eq!(material_deficit(&board(QUEEN_SHORT)), 9);
        assert_eq!(material_deficit(&board(&QUEEN_SHORT.replace(" w ", " b "))), -9);
        assert_eq!(material_deficit(&board(movegen::START_FEN)), 0);
        // White has a knight for two pawns: a pawn ahead, Black a pawn behind.
        assert_eq!(material_deficit(&board("r1bqkbnr/pppppppp/8/8/8/8/2PPPPPP/RNBQKBNR w KQkq - 0 1")), -1);
        assert_eq!(material_deficit(&board("r1bqkbnr/pppppppp/8/8/8/8/2PPPPPP/RNBQKBNR b KQkq - 0 1")), 1);
    }

    #[test]
    fn only_the_built_in_network_gives_way_and_only_a_piece_behind() {
        let behind = Board::from_fen(QUEEN_SHORT).expect("valid");
        let even = Board::from_fen(movegen::START_FEN).expect("valid");
        let built_in = Some(embedded_network());
        let is_odds = |n: Option<Arc<Network>>| n.is_some_and(|n| Arc::ptr_eq(&n, &odds_network()));
        assert!(is_odds(network_at(&behind, true, &built_in)));
        assert!(!is_odds(network_at(&even, true, &built_in)), "even material");
        assert!(!is_odds(network_at(&behind, false, &built_in)), "the stance does not allow it");
        let users = Some(Arc::new(Network::zeroed()));
        let kept = network_at(&behind, true, &users).expect("the user's network");
        assert!(Arc::ptr_eq(&kept, users.as_ref().expect("set")), "a network the user names stands");
        assert!(network_at(&behind, true, &None).is_none(), "the classical evaluation stands");
    }
}
