//! UCI long algebraic moves ("e2e4", "e7e8q", castling as "e1g1").

use crate::{Board, Move, Piece, Square};
use std::fmt;

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum UciMoveError {
    /// Not of the form <square><square>[nbrq].
    Syntax(String),
    /// Well formed, but not a legal move in this position.
    Illegal(String),
}

impl fmt::Display for UciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            UciMoveError::Syntax(text) => write!(f, "'{text}' is not a UCI move (expected e.g. e2e4 or e7e8q)"),
            UciMoveError::Illegal(text) => write!(f, "'{text}' is not legal in this position"),
        }
    }
}

impl std::error::Error for UciMoveError {}

impl Board {
    /// Parses a UCI move and checks it is legal here.
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, UciMoveError> {
        let syntax_error = || UciMoveError::Syntax(text.to_string());
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(syntax_error());
        }
        let from = Square::parse(&text[0..2]).ok_or_else(syntax_error)?;
        let to = Square::parse(&text[2..4]).ok_or_else(syntax_error)?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(letter) => match Piece::from_letter(letter) {
                Some(piece @ (Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen)) => Some(piece),
                _ => return Err(syntax_error()),
            },
        };
        self.legal_moves()
            .iter()
            .copied()
            .find(|mv| mv.from() == from && mv.to() == to && mv.promotion() == promotion)
            .ok_or_else(|| UciMoveError::Illegal(text.to_string()))
    }
}
