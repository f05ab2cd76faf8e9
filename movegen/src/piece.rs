//! Piece kinds, without colour.

use crate::Color;

#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Piece {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Piece {
    pub const ALL: [Piece; 6] = [Piece::Pawn, Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen, Piece::King];
    /// Promotion choices, weakest first.
    pub const PROMOTIONS: [Piece; 4] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case letter as used in FEN for Black and in UCI promotions.
    pub const fn letter(self) -> char {
        match self {
            Piece::Pawn => 'p',
            Piece::Knight => 'n',
            Piece::Bishop => 'b',
            Piece::Rook => 'r',
            Piece::Queen => 'q',
            Piece::King => 'k',
        }
    }

    /// FEN letter: upper case for White.
    pub fn fen_char(self, color: Color) -> char {
        match color {
            Color::White => self.letter().to_ascii_uppercase(),
            Color::Black => self.letter(),
        }
    }

    /// Reads a letter in either case, ignoring colour.
    pub fn from_letter(letter: char) -> Option<Piece> {
        Some(match letter.to_ascii_lowercase() {
            'p' => Piece::Pawn,
            'n' => Piece::Knight,
            'b' => Piece::Bishop,
            'r' => Piece::Rook,
            'q' => Piece::Queen,
            'k' => Piece::King,
            _ => return None,
        })
    }

    /// Reads a FEN piece letter: upper case is White, lower case Black.
    pub fn from_fen_char(letter: char) -> Option<(Piece, Color)> {
        let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
        Piece::from_letter(letter).map(|piece| (piece, color))
    }
}
