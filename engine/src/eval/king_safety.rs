//! King safety: attackers on the king zone, the pawn shield in front of
//! the king, and open files next to it. Middlegame only: in the endgame the
//! king is a fighting piece, which the piece-square table rewards.

use super::pawns::files_around;
use crate::tunables::Tunables;
use crate::tunables::S;
use movegen::{king_attacks, Bitboard, Board, Color, Piece};

/// The king's square and its neighbours.
pub fn king_zone(board: &Board, color: Color) -> Bitboard {
    let king = board.king(color);
    king_attacks(king) | king.bitboard()
}

/// Safety of `color`'s king given the attack units the enemy aims at it.
pub fn king_safety(board: &Board, color: Color, attack_units: i32, attackers: i32, t: &Tunables) -> S {
    let king = board.king(color);
    let up = color == Color::White;
    let our_pawns = board.colored(Piece::Pawn, color);
    let files = files_around(king.file());
    // Pawns on the two ranks in front of the king, on its three files.
    let one = king.bitboard().shift_vertical(up);
    let two = one.shift_vertical(up);
    let front = Bitboard(
        (one.0 | two.0) | ((one.0 | two.0) << 1 & !Bitboard::FILE_A.0) | ((one.0 | two.0) >> 1 & !Bitboard::FILE_H.0),
    );
    let shield = (front & our_pawns & files).count() as i32;
    let king_file = king.file();
    let open_files = (king_file.saturating_sub(1)..=(king_file + 1).min(7))
        .filter(|&file| (Bitboard::file(file) & our_pawns).is_empty())
        .count() as i32;
    let mut mg = shield.min(3) * t.king_shield_mg - open_files * t.king_open_file_mg;
    // One lone attacker is rarely dangerous; the danger grows with the
    // square of the attack weight once several pieces join in.
    if attackers >= 2 && board.colored(Piece::Queen, !color).is_nonempty() {
        mg -= (attack_units * attack_units * t.king_attack_weight / 64).min(600);
    }
    S(mg, 0)
}
