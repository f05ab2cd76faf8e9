//! Piece-square tables built from a few chess principles rather than typed
//! in: knights and queens want the centre, pawns want to advance (centre
//! pawns more), rooks want the seventh rank, the king hides in the corner
//! in the middlegame and walks to the centre in the endgame. Tables are from
//! White's side; Black reads them through a vertical flip.

use super::score_pair::S;
use movegen::{Piece, Square};

/// 0 on the rim, 3 on the four centre squares.
const fn centrality(square: usize) -> i32 {
    let file = (square % 8) as i32;
    let rank = (square / 8) as i32;
    let file_distance = if file < 4 { 3 - file } else { file - 4 };
    let rank_distance = if rank < 4 { 3 - rank } else { rank - 4 };
    3 - if file_distance > rank_distance { file_distance } else { rank_distance }
}

const fn entry(piece: usize, square: usize) -> S {
    let file = (square % 8) as i32;
    let rank = (square / 8) as i32;
    let center = centrality(square);
    let central_file = file == 3 || file == 4;
    match piece {
        0 => {
            let center_push = if central_file && (rank == 3 || rank == 4) { 12 } else { 0 };
            S((rank - 1) * 3 + center_push, (rank - 1) * 9)
        }
        1 => S(center * 12 - 22, center * 9 - 16),
        2 => S(center * 5 - 6, center * 4 - 7),
        3 => {
            let seventh = if rank == 6 { 15 } else { 0 };
            let center_file = if central_file { 5 } else { 0 };
            S(seventh + center_file - 3, if rank == 6 { 10 } else { 0 })
        }
        4 => S(center * 2 - 4, center * 7 - 10),
        _ => {
            let shelter = match file {
                1 | 2 | 6 => 22,
                0 | 7 => 12,
                5 => 4,
                _ => 0,
            };
            let height = if rank * 18 > 70 { 70 } else { rank * 18 };
            S(if rank == 0 { shelter } else { -height }, center * 12 - 22)
        }
    }
}

const TABLE: [[S; 64]; 6] = {
    let mut table = [[S(0, 0); 64]; 6];
    let mut piece = 0;
    while piece < 6 {
        let mut square = 0;
        while square < 64 {
            table[piece][square] = entry(piece, square);
            square += 1;
        }
        piece += 1;
    }
    table
};

/// The bonus for a White piece on `square` (flip the square for Black).
#[inline(always)]
pub fn piece_square(piece: Piece, white_square: Square) -> S {
    TABLE[piece.index()][white_square.index()]
}
