//! The network's inputs: one per (whose piece, piece kind, square), seen
//! from one side. Each side sees the board as if it played White (ranks
//! flipped for Black) with its own pieces first, so one set of weights
//! serves both.

use movegen::{Board, Color, Piece, Square};

/// Inputs per side: 2 owners x 6 kinds x 64 squares.
pub const INPUTS: usize = 768;

/// The input `piece` of `owner` on `square` sets, seen from `perspective`.
#[inline]
pub fn feature_index(perspective: Color, owner: Color, piece: Piece, square: Square) -> usize {
    let theirs = usize::from(owner != perspective);
    let square = if perspective == Color::White { square.index() } else { square.index() ^ 56 };
    theirs * 384 + piece.index() * 64 + square
}

/// Calls `set` with every input the position sets from `perspective`.
pub fn for_each_feature(board: &Board, perspective: Color, mut set: impl FnMut(usize)) {
    for owner in Color::ALL {
        for piece in Piece::ALL {
            for square in board.colored(piece, owner) {
                set(feature_index(perspective, owner, piece, square));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mirrored_position_sets_the_same_inputs_from_the_other_side() {
        let board =
            Board::from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 5").expect("valid");
        let mirrored = board.mirrored();
        let mut white = Vec::new();
        for_each_feature(&board, Color::White, |i| white.push(i));
        let mut black = Vec::new();
        for_each_feature(&mirrored, Color::Black, |i| black.push(i));
        white.sort_unstable();
        black.sort_unstable();
        assert_eq!(white, black);
        assert!(white.iter().all(|&i| i < INPUTS));
        assert_eq!(white.len(), 32);
    }
}
