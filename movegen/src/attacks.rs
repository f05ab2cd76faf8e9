//! Attack lookups over the tables that `build.rs` generates.

use crate::{Bitboard, Color, Piece, Square};

/// One square's entry in a magic table: the occupancy bits that matter,
/// the multiplier, and where this square's slice of the table starts.
pub(crate) struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

mod tables {
    use super::Magic;
    include!(concat!(env!("OUT_DIR"), "/tables.rs"));
}

#[inline(always)]
fn magic_lookup(entry: &Magic, occupied: Bitboard) -> Bitboard {
    let index = ((occupied.0 & entry.mask).wrapping_mul(entry.magic) >> entry.shift) as usize;
    Bitboard(tables::SLIDER_ATTACKS[entry.offset + index])
}

#[inline(always)]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&tables::ROOK_MAGICS[square.index()], occupied)
}

#[inline(always)]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&tables::BISHOP_MAGICS[square.index()], occupied)
}

#[inline(always)]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(square, occupied) | bishop_attacks(square, occupied)
}

/// Rook attacks on an empty board.
#[inline(always)]
pub fn rook_rays(square: Square) -> Bitboard {
    Bitboard(tables::ROOK_RAYS[square.index()])
}

/// Bishop attacks on an empty board.
#[inline(always)]
pub fn bishop_rays(square: Square) -> Bitboard {
    Bitboard(tables::BISHOP_RAYS[square.index()])
}

#[inline(always)]
pub fn knight_attacks(square: Square) -> Bitboard {
    Bitboard(tables::KNIGHT_ATTACKS[square.index()])
}

#[inline(always)]
pub fn king_attacks(square: Square) -> Bitboard {
    Bitboard(tables::KING_ATTACKS[square.index()])
}

/// Squares a pawn of `color` on `square` attacks.
#[inline(always)]
pub fn pawn_attacks(square: Square, color: Color) -> Bitboard {
    Bitboard(tables::PAWN_ATTACKS[color.index() * 64 + square.index()])
}

/// Every square attacked by a set of pawns of `color`, computed setwise.
#[inline(always)]
pub fn pawn_attack_span(pawns: Bitboard, color: Color) -> Bitboard {
    let not_a = !Bitboard::FILE_A.0;
    let not_h = !Bitboard::FILE_H.0;
    Bitboard(match color {
        Color::White => ((pawns.0 << 7) & not_h) | ((pawns.0 << 9) & not_a),
        Color::Black => ((pawns.0 >> 9) & not_h) | ((pawns.0 >> 7) & not_a),
    })
}

/// Squares strictly between two aligned squares (empty if not aligned).
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(tables::BETWEEN[a.index() * 64 + b.index()])
}

/// The full line through two aligned squares (empty if not aligned).
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(tables::LINE[a.index() * 64 + b.index()])
}

/// Attacks of any non-pawn piece.
#[inline]
pub fn piece_attacks(piece: Piece, square: Square, occupied: Bitboard) -> Bitboard {
    match piece {
        Piece::Pawn => Bitboard::EMPTY,
        Piece::Knight => knight_attacks(square),
        Piece::Bishop => bishop_attacks(square, occupied),
        Piece::Rook => rook_attacks(square, occupied),
        Piece::Queen => queen_attacks(square, occupied),
        Piece::King => king_attacks(square),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry;

    /// A cheap deterministic generator so the test needs no crate.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn magic_tables_agree_with_ray_walking() {
        let mut state = 0x9e37_79b9_7f4a_7c15;
        for square in Square::all() {
            for _ in 0..500 {
                let occupied = next(&mut state) & next(&mut state);
                let sq = square.index() as u8;
                let rook = geometry::slider_attacks(sq, occupied, &geometry::ROOK_DIRECTIONS);
                let bishop = geometry::slider_attacks(sq, occupied, &geometry::BISHOP_DIRECTIONS);
                assert_eq!(rook_attacks(square, Bitboard(occupied)).0, rook);
                assert_eq!(bishop_attacks(square, Bitboard(occupied)).0, bishop);
            }
        }
    }

    #[test]
    fn every_generated_table_agrees_with_geometry() {
        for a in Square::all() {
            let sq = a.index() as u8;
            assert_eq!(knight_attacks(a).0, geometry::leaper_attacks(sq, &geometry::KNIGHT_STEPS));
            assert_eq!(king_attacks(a).0, geometry::leaper_attacks(sq, &geometry::KING_STEPS));
            assert_eq!(pawn_attacks(a, Color::White).0, geometry::pawn_attacks(sq, 0));
            assert_eq!(pawn_attacks(a, Color::Black).0, geometry::pawn_attacks(sq, 1));
            assert_eq!(rook_rays(a), rook_attacks(a, Bitboard::EMPTY));
            assert_eq!(bishop_rays(a), bishop_attacks(a, Bitboard::EMPTY));
            for b in Square::all() {
                assert_eq!(between(a, b).0, geometry::between(sq, b.index() as u8));
                assert_eq!(line(a, b).0, geometry::line(sq, b.index() as u8));
            }
        }
    }

    #[test]
    fn setwise_pawn_attacks_equal_the_union_of_single_ones() {
        let mut state = 0x1234_5678_9abc_def1;
        for _ in 0..1000 {
            let pawns = Bitboard(next(&mut state) & 0x00ff_ffff_ffff_ff00);
            for color in Color::ALL {
                let union = pawns.into_iter().fold(Bitboard::EMPTY, |acc, sq| acc | pawn_attacks(sq, color));
                assert_eq!(pawn_attack_span(pawns, color), union);
            }
        }
    }

    #[test]
    fn leaper_tables_have_expected_sizes() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(king_attacks(Square::E1).count(), 5);
        assert_eq!(pawn_attacks(Square::A2, Color::White).count(), 1);
        let d6_f6 = Square::parse("d6").map(Bitboard::from).unwrap_or_default()
            | Square::parse("f6").map(Bitboard::from).unwrap_or_default();
        assert_eq!(pawn_attacks(Square::E7, Color::Black), d6_f6);
        assert_eq!(between(Square::A1, Square::H8).count(), 6);
        assert_eq!(line(Square::B2, Square::C3).count(), 8);
        assert!(between(Square::A1, Square::B3).is_empty());
    }
}
