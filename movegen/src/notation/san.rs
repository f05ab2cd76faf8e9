//! Standard algebraic notation, as PGN uses it.
//!
//! Printing follows the PGN standard exactly: minimal disambiguation (file,
//! then rank, then both), "x" for captures, "=Q" for promotions, "+" or "#".
//! Parsing is lenient the way PGN readers are: it ignores check marks and
//! annotations, accepts "0-0", missing "x" or "=", and extra disambiguation.

use crate::{attacks::piece_attacks, Board, Move, MoveKind, Piece, Square};
use std::fmt;

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SanError {
    Syntax(String),
    Illegal(String),
    Ambiguous(String),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            SanError::Syntax(text) => write!(f, "'{text}' is not a SAN move"),
            SanError::Illegal(text) => write!(f, "'{text}' matches no legal move in this position"),
            SanError::Ambiguous(text) => write!(f, "'{text}' matches more than one legal move"),
        }
    }
}

impl std::error::Error for SanError {}

/// What a SAN string says about the move it names.
struct SanPattern {
    piece: Piece,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Square,
    promotion: Option<Piece>,
}

enum ParsedSan {
    Castle { king_side: bool },
    Move(SanPattern),
}

fn parse_pattern(text: &str) -> Option<ParsedSan> {
    let trimmed = text.trim_end_matches(['+', '#', '!', '?']);
    match trimmed {
        "O-O" | "0-0" => return Some(ParsedSan::Castle { king_side: true }),
        "O-O-O" | "0-0-0" => return Some(ParsedSan::Castle { king_side: false }),
        _ => {}
    }
    let mut chars: Vec<char> = trimmed.chars().collect();
    let piece = match chars.first() {
        Some(&c) if "NBRQK".contains(c) => {
            chars.remove(0);
            Piece::from_letter(c)?
        }
        _ => Piece::Pawn,
    };
    let mut promotion = None;
    if let Some(&last) = chars.last() {
        if "NBRQnbrq".contains(last) && piece == Piece::Pawn {
            promotion = Piece::from_letter(last);
            chars.pop();
            if chars.last() == Some(&'=') {
                chars.pop();
            }
        }
    }
    if chars.len() < 2 {
        return None;
    }
    let to_text: String = chars[chars.len() - 2..].iter().collect();
    let to = Square::parse(&to_text)?;
    let mut from_file = None;
    let mut from_rank = None;
    for &c in &chars[..chars.len() - 2] {
        match c {
            'a'..='h' if from_file.is_none() => from_file = Some(c as u8 - b'a'),
            '1'..='8' if from_rank.is_none() => from_rank = Some(c as u8 - b'1'),
            'x' | ':' | '-' => {}
            _ => return None,
        }
    }
    Some(ParsedSan::Move(SanPattern { piece, from_file, from_rank, to, promotion }))
}

impl Board {
    /// Parses a SAN move and checks that it names exactly one legal move.
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let pattern = parse_pattern(text).ok_or_else(|| SanError::Syntax(text.to_string()))?;
        let moves = self.legal_moves();
        let mut matching = moves.iter().copied().filter(|&mv| match &pattern {
            ParsedSan::Castle { king_side } => {
                mv.kind() == MoveKind::Castle && (mv.to().file() > mv.from().file()) == *king_side
            }
            ParsedSan::Move(p) => {
                mv.kind() != MoveKind::Castle
                    && self.piece_on(mv.from()) == Some(p.piece)
                    && mv.to() == p.to
                    && mv.promotion() == p.promotion
                    && p.from_file.is_none_or(|file| mv.from().file() == file)
                    && p.from_rank.is_none_or(|rank| mv.from().rank() == rank)
            }
        });
        let first = matching.next().ok_or_else(|| SanError::Illegal(text.to_string()))?;
        if matching.next().is_some() {
            return Err(SanError::Ambiguous(text.to_string()));
        }
        Ok(first)
    }

    /// The SAN of a legal move, with its check or mate suffix.
    pub fn san(&self, mv: Move) -> String {
        let mut san = self.san_without_suffix(mv);
        let mut after = self.clone();
        after.play(mv);
        if after.in_check() {
            san.push(if after.has_legal_move() { '+' } else { '#' });
        }
        san
    }

    fn san_without_suffix(&self, mv: Move) -> String {
        let (from, to) = (mv.from(), mv.to());
        if mv.kind() == MoveKind::Castle {
            return if to.file() > from.file() { "O-O".into() } else { "O-O-O".into() };
        }
        let piece = self.piece_on(from).unwrap_or(Piece::Pawn);
        let mut san = String::with_capacity(8);
        if piece == Piece::Pawn {
            if self.is_capture(mv) {
                san.push((b'a' + from.file()) as char);
                san.push('x');
            }
            san.push_str(&to.to_string());
            if let Some(promotion) = mv.promotion() {
                san.push('=');
                san.push(promotion.letter().to_ascii_uppercase());
            }
            return san;
        }
        san.push(piece.letter().to_ascii_uppercase());
        // Other pieces of the same kind that could also legally reach `to`.
        let rivals: Vec<Square> = self
            .legal_moves()
            .iter()
            .filter(|other| other.to() == to && other.from() != from && self.piece_on(other.from()) == Some(piece))
            .map(|other| other.from())
            .collect();
        debug_assert!(piece == Piece::King || piece_attacks(piece, from, self.occupied()).has(to));
        if !rivals.is_empty() {
            let file_unique = rivals.iter().all(|sq| sq.file() != from.file());
            let rank_unique = rivals.iter().all(|sq| sq.rank() != from.rank());
            if file_unique {
                san.push((b'a' + from.file()) as char);
            } else if rank_unique {
                san.push((b'1' + from.rank()) as char);
            } else {
                san.push_str(&from.to_string());
            }
        }
        if self.is_capture(mv) {
            san.push('x');
        }
        san.push_str(&to.to_string());
        san
    }
}
