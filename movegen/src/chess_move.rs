//! A move packed in 16 bits: from (6), to (6), promotion piece (2), kind (2).
//!
//! Castling is encoded as the king's move (e1g1), as UCI prints it. Whether
//! a move captures is a property of the board, not of the move.

use crate::{Piece, Square};
use std::fmt;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MoveKind {
    Normal = 0,
    Promotion = 1,
    EnPassant = 2,
    Castle = 3,
}

impl Move {
    /// Not a move: prints as "0000", the UCI null move.
    pub const NULL: Move = Move(0);

    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | (kind as u16) << 14)
    }

    #[inline(always)]
    pub const fn promotion_to(from: Square, to: Square, piece: Piece) -> Move {
        let promo_bits = (piece.index() as u16 - 1) << 12;
        Move(from.index() as u16 | (to.index() as u16) << 6 | promo_bits | (MoveKind::Promotion as u16) << 14)
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index_unchecked((self.0 & 63) as u32)
    }

    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked(((self.0 >> 6) & 63) as u32)
    }

    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 14 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castle,
        }
    }

    #[inline(always)]
    pub const fn promotion(self) -> Option<Piece> {
        match self.kind() {
            MoveKind::Promotion => Some(Piece::PROMOTIONS[((self.0 >> 12) & 3) as usize]),
            _ => None,
        }
    }

    #[inline(always)]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// The raw 16 bits, for compact storage (transposition tables).
    #[inline(always)]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from `to_bits`. The result is only meaningful on the
    /// board it came from; check it with `Board::is_legal` before use.
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }
}

impl fmt::Display for Move {
    /// UCI long algebraic notation.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.is_null() {
            return write!(f, "0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(piece) = self.promotion() {
            write!(f, "{}", piece.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "Move({self})")
    }
}
