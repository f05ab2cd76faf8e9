//! FEN parsing and printing. Parsing validates everything a legal `Board`
//! relies on, and reports the first problem as a typed error naming the
//! field and the reason. It never panics, whatever the input.

use crate::{Bitboard, Board, CastleRights, CastleSide, Color, Piece, Square};
use std::fmt;

/// The six FEN fields, plus the position as a whole.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FenField {
    Placement,
    SideToMove,
    Castling,
    EnPassant,
    HalfmoveClock,
    FullmoveNumber,
    /// A problem of the whole position or of the field count.
    Position,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenErrorKind {
    FieldCount(usize),
    RankCount(usize),
    RankLength { rank: u8, squares: usize },
    BadPieceChar(char),
    KingCount { color: Color, count: u32 },
    PawnOnBackRank(Square),
    BadSideToMove(String),
    BadCastlingChar(char),
    DuplicateCastlingRight(char),
    CastlingWithoutPieces(char),
    BadSquare(String),
    EnPassantWrongRank(Square),
    EnPassantWithoutPawn(Square),
    EnPassantSquaresOccupied(Square),
    NotANumber(String),
    Negative(String),
    OpponentInCheck,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FenError {
    pub field: FenField,
    pub kind: FenErrorKind,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "piece placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling rights",
            FenField::EnPassant => "en-passant square",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
            FenField::Position => "position",
        })
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "invalid FEN ({}): ", self.field)?;
        match &self.kind {
            FenErrorKind::FieldCount(n) => write!(f, "expected 4 or 6 fields, found {n}"),
            FenErrorKind::RankCount(n) => write!(f, "expected 8 ranks, found {n}"),
            FenErrorKind::RankLength { rank, squares } => {
                write!(f, "rank {} describes {squares} squares, not 8", rank + 1)
            }
            FenErrorKind::BadPieceChar(c) => write!(f, "'{c}' is not a piece letter or digit 1-8"),
            FenErrorKind::KingCount { color, count } => {
                write!(f, "{color:?} has {count} kings, not 1")
            }
            FenErrorKind::PawnOnBackRank(square) => {
                write!(f, "pawn on {square}, a first or last rank")
            }
            FenErrorKind::BadSideToMove(s) => write!(f, "'{s}' is neither 'w' nor 'b'"),
            FenErrorKind::BadCastlingChar(c) => write!(f, "'{c}' is not one of KQkq or '-'"),
            FenErrorKind::DuplicateCastlingRight(c) => write!(f, "'{c}' appears twice"),
            FenErrorKind::CastlingWithoutPieces(c) => {
                write!(f, "right '{c}' needs the king and rook on their starting squares")
            }
            FenErrorKind::BadSquare(s) => write!(f, "'{s}' is not '-' or a square"),
            FenErrorKind::EnPassantWrongRank(sq) => {
                write!(f, "{sq} is not on the rank a double push passes for the side to move")
            }
            FenErrorKind::EnPassantWithoutPawn(sq) => {
                write!(f, "no pawn stands in front of {sq} to have double-pushed")
            }
            FenErrorKind::EnPassantSquaresOccupied(sq) => {
                write!(f, "{sq} or the square behind it is occupied, so no double push passed it")
            }
            FenErrorKind::NotANumber(s) => write!(f, "'{s}' is not a number"),
            FenErrorKind::Negative(s) => write!(f, "'{s}' is negative"),
            FenErrorKind::OpponentInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl std::error::Error for FenError {}

fn error(field: FenField, kind: FenErrorKind) -> FenError {
    FenError { field, kind }
}

impl std::str::FromStr for Board {
    type Err = FenError;
    fn from_str(fen: &str) -> Result<Board, FenError> {
        Board::from_fen(fen)
    }
}

impl Board {
    /// Parses a 4-field or 6-field FEN. Missing clocks default to "0 1".
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 4 && fields.len() != 6 {
            return Err(error(FenField::Position, FenErrorKind::FieldCount(fields.len())));
        }
        let mut board = Board::empty();
        parse_placement(&mut board, fields[0])?;
        board.side_to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(error(FenField::SideToMove, FenErrorKind::BadSideToMove(other.to_string()))),
        };
        board.castling = parse_castling(&board, fields[2])?;
        board.en_passant = parse_en_passant(&board, fields[3])?;
        if fields.len() == 6 {
            board.halfmove_clock = parse_clock(FenField::HalfmoveClock, fields[4])?;
            board.fullmove_number = parse_clock(FenField::FullmoveNumber, fields[5])?;
        }
        let them = !board.side_to_move;
        if board.is_attacked_by(board.king(them), board.side_to_move, board.occupied()) {
            return Err(error(FenField::Position, FenErrorKind::OpponentInCheck));
        }
        board.finish_setup();
        Ok(board)
    }

    /// The position as a 6-field FEN.
    pub fn to_fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty_run = 0;
            for file in 0..8 {
                let square = Square::new(file, rank);
                match (self.piece_on(square), self.color_on(square)) {
                    (Some(piece), Some(color)) => {
                        if empty_run > 0 {
                            fen.push(char::from(b'0' + empty_run));
                            empty_run = 0;
                        }
                        fen.push(piece.fen_char(color));
                    }
                    _ => empty_run += 1,
                }
            }
            if empty_run > 0 {
                fen.push(char::from(b'0' + empty_run));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if self.side_to_move == Color::White { " w " } else { " b " });
        let mut any_right = false;
        for (color, side, letter) in CASTLING_LETTERS {
            if self.castling.has(color, side) {
                fen.push(letter);
                any_right = true;
            }
        }
        if !any_right {
            fen.push('-');
        }
        match self.en_passant {
            Some(square) => fen.push_str(&format!(" {square}")),
            None => fen.push_str(" -"),
        }
        fen.push_str(&format!(" {} {}", self.halfmove_clock, self.fullmove_number));
        fen
    }
}

const CASTLING_LETTERS: [(Color, CastleSide, char); 4] = [
    (Color::White, CastleSide::King, 'K'),
    (Color::White, CastleSide::Queen, 'Q'),
    (Color::Black, CastleSide::King, 'k'),
    (Color::Black, CastleSide::Queen, 'q'),
];

fn parse_placement(board: &mut Board, placement: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(error(FenField::Placement, FenErrorKind::RankCount(ranks.len())));
    }
    for (row, text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let mut file: usize = 0;
        for c in text.chars() {
            if let Some(run) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += run as usize;
            } else if let Some((piece, color)) = Piece::from_fen_char(c) {
                if file < 8 {
                    board.put_piece(piece, color, Square::new(file as u8, rank));
                }
                file += 1;
            } else {
                return Err(error(FenField::Placement, FenErrorKind::BadPieceChar(c)));
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(error(FenField::Placement, FenErrorKind::RankLength { rank, squares: file }));
        }
    }
    for color in Color::ALL {
        let count = board.colored(Piece::King, color).count();
        if count != 1 {
            return Err(error(FenField::Placement, FenErrorKind::KingCount { color, count }));
        }
    }
    if let Some(square) = (board.piece_bb(Piece::Pawn) & (Bitboard::RANK_1 | Bitboard::RANK_8)).first() {
        return Err(error(FenField::Placement, FenErrorKind::PawnOnBackRank(square)));
    }
    Ok(())
}

fn parse_castling(board: &Board, text: &str) -> Result<CastleRights, FenError> {
    let mut rights = CastleRights::NONE;
    if text == "-" {
        return Ok(rights);
    }
    for c in text.chars() {
        let Some(&(color, side, _)) = CASTLING_LETTERS.iter().find(|(_, _, letter)| *letter == c) else {
            return Err(error(FenField::Castling, FenErrorKind::BadCastlingChar(c)));
        };
        if rights.has(color, side) {
            return Err(error(FenField::Castling, FenErrorKind::DuplicateCastlingRight(c)));
        }
        let (king_from, _, rook_from, _) = side.squares(color);
        if !board.colored(Piece::King, color).has(king_from) || !board.colored(Piece::Rook, color).has(rook_from) {
            return Err(error(FenField::Castling, FenErrorKind::CastlingWithoutPieces(c)));
        }
        rights.add(color, side);
    }
    Ok(rights)
}

fn parse_en_passant(board: &Board, text: &str) -> Result<Option<Square>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    let Some(square) = Square::parse(text) else {
        return Err(error(FenField::EnPassant, FenErrorKind::BadSquare(text.to_string())));
    };
    let us = board.side_to_move;
    let expected_rank = if us == Color::White { 5 } else { 2 };
    if square.rank() != expected_rank {
        return Err(error(FenField::EnPassant, FenErrorKind::EnPassantWrongRank(square)));
    }
    let up = us == Color::White;
    // The pushed pawn stands one rank further from its owner's side; the
    // square it came from and the square it passed must both be empty.
    let pushed = square.vertical_step(!up);
    let origin = square.vertical_step(up);
    let (Some(pushed), Some(origin)) = (pushed, origin) else {
        return Err(error(FenField::EnPassant, FenErrorKind::EnPassantWrongRank(square)));
    };
    if !board.colored(Piece::Pawn, !us).has(pushed) {
        return Err(error(FenField::EnPassant, FenErrorKind::EnPassantWithoutPawn(square)));
    }
    if board.occupied().has(square) || board.occupied().has(origin) {
        return Err(error(FenField::EnPassant, FenErrorKind::EnPassantSquaresOccupied(square)));
    }
    Ok(Some(square))
}

fn parse_clock(field: FenField, text: &str) -> Result<u32, FenError> {
    if text.starts_with('-') && text.len() > 1 && text[1..].bytes().all(|b| b.is_ascii_digit()) {
        return Err(error(field, FenErrorKind::Negative(text.to_string())));
    }
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error(field, FenErrorKind::NotANumber(text.to_string())));
    }
    text.parse().map_err(|_| error(field, FenErrorKind::NotANumber(text.to_string())))
}
