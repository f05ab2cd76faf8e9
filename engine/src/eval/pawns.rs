//! Pawn structure: passed pawns (by rank, blocked, and how near each king
//! is to them), isolated, doubled, backward, supported and side-by-side
//! pawns.

use crate::tunables::Tunables;
use crate::tunables::S;
use movegen::{Bitboard, Board, Color, Piece, Square};

/// Squares in front of `square` from `color`'s view, on its file and both
/// neighbouring files: where an enemy pawn would stop or capture it.
fn front_span(square: Square, color: Color) -> Bitboard {
    files_around(square.file()) & ranks_ahead(square, color)
}

/// Every square on the ranks beyond `square`'s, seen from `color`.
pub fn ranks_ahead(square: Square, color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(u64::MAX.checked_shl(8 * (square.rank() as u32 + 1)).unwrap_or(0)),
        Color::Black => Bitboard((1u64 << (8 * square.rank() as u32)) - 1),
    }
}

pub fn adjacent_files(file: u8) -> Bitboard {
    let left = if file > 0 { Bitboard::file(file - 1) } else { Bitboard::EMPTY };
    let right = if file < 7 { Bitboard::file(file + 1) } else { Bitboard::EMPTY };
    left | right
}

/// Files next to and on `file`.
pub fn files_around(file: u8) -> Bitboard {
    adjacent_files(file) | Bitboard::file(file)
}

/// The rank of `square` counted from `color`'s side: 0 is its back rank.
pub fn relative_rank(square: Square, color: Color) -> usize {
    match color {
        Color::White => square.rank() as usize,
        Color::Black => 7 - square.rank() as usize,
    }
}

/// King moves between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

/// The bonus of a passed pawn on each relative rank (2nd to 7th).
fn passed_rank_bonus(relative_rank: usize, t: &Tunables) -> S {
    match relative_rank {
        1 => S(t.passed_rank2_mg, t.passed_rank2_eg),
        2 => S(t.passed_rank3_mg, t.passed_rank3_eg),
        3 => S(t.passed_rank4_mg, t.passed_rank4_eg),
        4 => S(t.passed_rank5_mg, t.passed_rank5_eg),
        5 => S(t.passed_rank6_mg, t.passed_rank6_eg),
        6 => S(t.passed_rank7_mg, t.passed_rank7_eg),
        _ => S(0, 0),
    }
}

/// Pawn structure score for `color`, positive is good for `color`, given
/// the squares each side's pawns attack (the attack maps have them).
pub fn pawn_structure(board: &Board, color: Color, our_attacks: Bitboard, their_attacks: Bitboard, t: &Tunables) -> S {
    let ours = board.colored(Piece::Pawn, color);
    let theirs = board.colored(Piece::Pawn, !color);
    let up = color == Color::White;
    let occupied = board.occupied();
    let our_king = board.king(color);
    let their_king = board.king(!color);
    let mut score = S(0, 0);
    for square in ours {
        let rank = relative_rank(square, color);
        let stop = square.bitboard().shift_vertical(up);
        if (front_span(square, color) & theirs).is_empty() {
            score += passed_rank_bonus(rank, t);
            // Further advanced passers matter more, so the king terms and
            // the blockade grow with the rank.
            let advance = rank as i32 - 1;
            if (stop & occupied).is_nonempty() {
                score -= S(t.passed_blocked_mg, t.passed_blocked_eg) * advance;
            }
            if let Some(stop_square) = stop.first() {
                score += S(0, t.passed_our_king_eg) * (advance * (7 - distance(our_king, stop_square)));
                score += S(0, t.passed_their_king_eg) * (advance * distance(their_king, stop_square));
            }
        }
        let neighbours = adjacent_files(square.file()) & ours;
        if neighbours.is_empty() {
            score -= S(t.isolated_pawn_mg, t.isolated_pawn_eg);
        } else {
            // No pawn on the next files stands level with it or behind
            // it, so none can come up to defend it, and an enemy pawn
            // holds its stop square: it is stuck and weak.
            let behind_or_level = !ranks_ahead(square, color);
            if (neighbours & behind_or_level).is_empty() && (stop & their_attacks).is_nonempty() {
                score -= S(t.backward_pawn_mg, t.backward_pawn_eg);
            }
        }
        if our_attacks.has(square) {
            score += S(t.pawn_supported_mg, t.pawn_supported_eg);
        }
        if (neighbours & Bitboard::rank(square.rank())).is_nonempty() {
            score += S(t.pawn_phalanx_mg, t.pawn_phalanx_eg);
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

#[cfg(test)]
mod tests {
    use crate::eval::linear_form::coefficient;

    #[test]
    fn a_passed_pawn_counts_on_its_rank_with_the_king_distances() {
        let free = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(coefficient(free, "PassedRank7Eg"), (0.0, 1.0));
        assert_eq!(coefficient(free, "PassedRank6Eg"), (0.0, 0.0));
        assert_eq!(coefficient(free, "PassedBlockedEg"), (0.0, 0.0));
        // Stop square b8: our king e1 is 7 away, theirs on e8 is 3 away;
        // both terms are scaled by the pawn's 5 steps past its 2nd rank.
        assert_eq!(coefficient(free, "PassedOurKingEg"), (0.0, 0.0));
        assert_eq!(coefficient(free, "PassedTheirKingEg"), (0.0, 15.0));
        let blocked = "1n2k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(coefficient(blocked, "PassedBlockedEg"), (0.0, -5.0));
    }

    #[test]
    fn a_pawn_with_an_enemy_pawn_ahead_on_a_next_file_is_not_passed() {
        let fen = "4k3/8/2p5/8/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(coefficient(fen, "PassedRank4Mg"), (0.0, 0.0));
        assert_eq!(coefficient(fen, "PassedRank3Mg"), (0.0, 0.0));
    }

    #[test]
    fn backward_supported_and_side_by_side_pawns() {
        // d3 cannot be defended by a pawn and c5 holds d4; e4 is guarded
        // by d3.
        let fen = "4k3/8/8/2p5/4P3/3P4/8/4K3 w - - 0 1";
        assert_eq!(coefficient(fen, "BackwardPawnMg").0, -1.0);
        assert_eq!(coefficient(fen, "PawnSupportedMg").0, 1.0);
        assert_eq!(coefficient(fen, "PawnPhalanxMg").0, 0.0);
        // d4 and e4 stand side by side: each counts once.
        let phalanx = "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1";
        assert_eq!(coefficient(phalanx, "PawnPhalanxMg").0, 2.0);
        assert_eq!(coefficient(phalanx, "BackwardPawnMg").0, 0.0);
    }
}
