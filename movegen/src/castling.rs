//! Castling rights as four bits.

use crate::{Color, Square};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastleRights(u8);

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum CastleSide {
    King,
    Queen,
}

impl CastleSide {
    pub const BOTH: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// (king from, king to, rook from, rook to) for `color` castling this way.
    pub const fn squares(self, color: Color) -> (Square, Square, Square, Square) {
        let (king_from, king_to, rook_from, rook_to) = match self {
            CastleSide::King => (Square::E1, Square::G1, Square::H1, Square::F1),
            CastleSide::Queen => (Square::E1, Square::C1, Square::A1, Square::D1),
        };
        match color {
            Color::White => (king_from, king_to, rook_from, rook_to),
            Color::Black => (king_from.flip_rank(), king_to.flip_rank(), rook_from.flip_rank(), rook_to.flip_rank()),
        }
    }
}

impl CastleRights {
    pub const NONE: CastleRights = CastleRights(0);
    pub const ALL: CastleRights = CastleRights(15);

    #[inline(always)]
    const fn bit(color: Color, side: CastleSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    #[inline(always)]
    pub const fn has(self, color: Color, side: CastleSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    #[inline(always)]
    pub fn add(&mut self, color: Color, side: CastleSide) {
        self.0 |= Self::bit(color, side);
    }

    /// 0..16, for Zobrist keys.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Rights that survive a move touching `square` (as origin or target).
    #[inline(always)]
    pub const fn after_touching(self, square: Square) -> CastleRights {
        let lost = match square {
            Square::E1 => 3,
            Square::H1 => 1,
            Square::A1 => 2,
            Square::E8 => 12,
            Square::H8 => 4,
            Square::A8 => 8,
            _ => 0,
        };
        CastleRights(self.0 & !lost)
    }
}
