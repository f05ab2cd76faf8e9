//! Pawn structure: passed, isolated and doubled pawns.

use super::score_pair::S;
use crate::tunables::Tunables;
use movegen::{Bitboard, Board, Color, Piece, Square};

/// Passed-pawn bonus multiplier by relative rank (rank 2 to rank 7).
const PASSED_RANK_FACTOR: [i32; 8] = [0, 0, 1, 2, 4, 7, 11, 0];

/// Squares in front of `square` from `color`'s view, on its file and both
/// neighbouring files: where an enemy pawn would stop or capture it.
fn front_span(square: Square, color: Color) -> Bitboard {
    let files = adjacent_files(square.file()) | Bitboard::file(square.file());
    let ahead = match color {
        Color::White => Bitboard(u64::MAX.checked_shl(8 * (square.rank() as u32 + 1)).unwrap_or(0)),
        Color::Black => Bitboard((1u64 << (8 * square.rank() as u32)) - 1),
    };
    files & ahead
}

pub fn adjacent_files(file: u8) -> Bitboard {
    let left = if file > 0 { Bitboard::file(file - 1) } else { Bitboard::EMPTY };
    let right = if file < 7 { Bitboard::file(file + 1) } else { Bitboard::EMPTY };
    left | right
}

/// Pawn structure score for `color`, positive is good for `color`.
pub fn pawn_structure(board: &Board, color: Color, t: &Tunables) -> S {
    let ours = board.colored(Piece::Pawn, color);
    let theirs = board.colored(Piece::Pawn, !color);
    let mut score = S(0, 0);
    for square in ours {
        let relative_rank = match color {
            Color::White => square.rank(),
            Color::Black => 7 - square.rank(),
        } as usize;
        if (front_span(square, color) & theirs).is_empty() {
            let factor = PASSED_RANK_FACTOR[relative_rank];
            score += S(t.passed_pawn_mg, t.passed_pawn_eg) * factor;
        }
        if (adjacent_files(square.file()) & ours).is_empty() {
            score -= S(t.isolated_pawn_mg, t.isolated_pawn_eg);
        }
    }
    for file in 0..8 {
        let on_file = (ours & Bitboard::file(file)).count() as i32;
        if on_file > 1 {
            score -= S(t.doubled_pawn_mg, t.doubled_pawn_eg) * (on_file - 1);
        }
    }
    score
}
