//! Piece activity: mobility, bishop pair, rooks on open files.

use super::pawns::adjacent_files;
use super::score_pair::S;
use crate::tunables::Tunables;
use movegen::{pawn_attack_span, piece_attacks, Bitboard, Board, Color, Piece};

/// Attack count a piece typically has; mobility scores the difference.
const TYPICAL_MOBILITY: [i32; 6] = [0, 4, 6, 6, 12, 0];

pub struct PieceActivity {
    pub score: S,
    /// Attack units on the enemy king zone, and how many pieces add them.
    pub king_attack_units: i32,
    pub king_attackers: i32,
}

pub fn piece_activity(board: &Board, color: Color, enemy_king_zone: Bitboard, t: &Tunables) -> PieceActivity {
    let occupied = board.occupied();
    let ours = board.color_bb(color);
    let safe = !ours & !pawn_attack_span(board.colored(Piece::Pawn, !color), !color);
    let mut activity = PieceActivity { score: S(0, 0), king_attack_units: 0, king_attackers: 0 };
    let weights = [
        (Piece::Knight, S(t.knight_mobility_mg, t.knight_mobility_eg), 2),
        (Piece::Bishop, S(t.bishop_mobility_mg, t.bishop_mobility_eg), 2),
        (Piece::Rook, S(t.rook_mobility_mg, t.rook_mobility_eg), 3),
        (Piece::Queen, S(t.queen_mobility_mg, t.queen_mobility_eg), 5),
    ];
    for (piece, per_square, attack_unit) in weights {
        for square in board.colored(piece, color) {
            let attacks = piece_attacks(piece, square, occupied);
            let mobility = (attacks & safe).count() as i32 - TYPICAL_MOBILITY[piece.index()];
            activity.score += per_square * mobility;
            let zone_hits = (attacks & enemy_king_zone).count() as i32;
            if zone_hits > 0 {
                activity.king_attackers += 1;
                activity.king_attack_units += zone_hits * attack_unit;
            }
        }
    }
    if board.colored(Piece::Bishop, color).more_than_one() {
        activity.score += S(t.bishop_pair_mg, t.bishop_pair_eg);
    }
    let our_pawns = board.colored(Piece::Pawn, color);
    let their_pawns = board.colored(Piece::Pawn, !color);
    for square in board.colored(Piece::Rook, color) {
        let file = Bitboard::file(square.file());
        if (file & our_pawns).is_empty() {
            activity.score += if (file & their_pawns).is_empty() {
                S(t.rook_open_file_mg, t.rook_open_file_eg)
            } else {
                S(t.rook_semi_open_mg, t.rook_semi_open_eg)
            };
        }
    }
    activity
}

/// Files next to and on `file`.
pub fn files_around(file: u8) -> Bitboard {
    adjacent_files(file) | Bitboard::file(file)
}
