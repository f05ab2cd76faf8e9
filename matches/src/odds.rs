//! Material odds: games in which a named player starts a knight, a rook or
//! a queen short (or several pieces, such as a rook and a knight), as odds
//! games against people and odds bots are played. A piece goes once the
//! opening has been played: of the player's pieces of that kind, the one
//! nearest the a-file (nearest its own back rank on a tie). Castling with a removed rook goes with it. An opening after which
//! the position would be illegal (the piece is gone already, or its removal
//! leaves the side not to move in check) is left out, and counted.

use crate::openings::Opening;
use movegen::{Board, Color, Piece, Square};

/// A piece a player gives.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OddsPiece {
    Knight,
    Rook,
    Queen,
}

impl OddsPiece {
    fn piece(self) -> Piece {
        match self {
            OddsPiece::Knight => Piece::Knight,
            OddsPiece::Rook => Piece::Rook,
            OddsPiece::Queen => Piece::Queen,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            OddsPiece::Knight => "knight",
            OddsPiece::Rook => "rook",
            OddsPiece::Queen => "queen",
        }
    }

    /// `knight`, `rook`, `queen`, or several joined by `+` (`rook+knight`).
    pub fn parse_list(text: &str) -> Result<Vec<OddsPiece>, String> {
        text.split('+')
            .map(|name| match name.trim() {
                "knight" => Ok(OddsPiece::Knight),
                "rook" => Ok(OddsPiece::Rook),
                "queen" => Ok(OddsPiece::Queen),
                other => Err(format!("'{other}' is not knight, rook or queen (or several joined by +)")),
            })
            .collect()
    }
}

/// The pieces as the config writes them: `rook+knight`.
pub fn pieces_name(pieces: &[OddsPiece]) -> String {
    pieces.iter().map(|p| p.name()).collect::<Vec<_>>().join("+")
}

/// Who gives odds in a tournament: these entrants, in every game they play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Odds {
    pub pieces: Vec<OddsPiece>,
    /// Entrant indices.
    pub players: Vec<usize>,
}

impl Odds {
    /// The opening a game starts from when `white` and `black` (entrant
    /// indices) meet: `opening` itself, or the position after it with the
    /// odds removed, as a start position with no moves.
    pub fn opening_for(&self, opening: &Opening, white: usize, black: usize) -> Result<Opening, String> {
        let short = [self.players.contains(&white), self.players.contains(&black)];
        if short == [false, false] {
            return Ok(opening.clone());
        }
        Ok(Opening { start: without_odds_pieces(&opening.position(), &self.pieces, short)?, moves: vec![] })
    }

    /// Whether every game can start from `opening`, whichever side is
    /// short.
    pub fn is_playable(&self, opening: &Opening) -> bool {
        let position = opening.position();
        [[true, false], [false, true], [true, true]]
            .iter()
            .all(|&short| without_odds_pieces(&position, &self.pieces, short).is_ok())
    }

    /// The openings every game can start from, and how many were left out.
    pub fn playable(&self, openings: Vec<Opening>) -> (Vec<Opening>, usize) {
        let total = openings.len();
        let kept: Vec<Opening> = openings.into_iter().filter(|opening| self.is_playable(opening)).collect();
        let skipped = total - kept.len();
        (kept, skipped)
    }
}

/// `board` without `pieces` for each side marked in `short` (White, Black).
pub fn without_odds_pieces(board: &Board, pieces: &[OddsPiece], short: [bool; 2]) -> Result<Board, String> {
    let mut fen = board.to_fen();
    for (color, _) in [Color::White, Color::Black].into_iter().zip(short).filter(|(_, short)| *short) {
        for &piece in pieces {
            let square = odds_square(board, piece, color)
                .ok_or_else(|| format!("{color:?} has no {} left to give after the opening", piece.name()))?;
            fen = remove_from_fen(&fen, square);
        }
    }
    Board::from_fen(&fen).map_err(|e| format!("without the {}: {e}", pieces_name(pieces)))
}

/// The square of `color`'s piece of that kind nearest the a-file, then
/// nearest its own back rank.
fn odds_square(board: &Board, piece: OddsPiece, color: Color) -> Option<Square> {
    let home_distance = |square: Square| if color == Color::White { square.rank() } else { 7 - square.rank() };
    board.colored(piece.piece(), color).min_by_key(|&square| (square.file(), home_distance(square)))
}

/// The FEN with `square` emptied and the castling right of a rook that
/// stood there gone.
fn remove_from_fen(fen: &str, square: Square) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    let mut grid: Vec<Vec<char>> = fields[0]
        .split('/')
        .map(|rank| {
            rank.chars()
                .flat_map(|c| match c.to_digit(10) {
                    Some(empty) => vec!['1'; empty as usize],
                    None => vec![c],
                })
                .collect()
        })
        .collect();
    // FEN lists rank 8 first.
    grid[7 - square.rank() as usize][square.file() as usize] = '1';
    fields[0] = grid
        .iter()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for &c in rank {
                if c == '1' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    text.push(c);
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            text
        })
        .collect::<Vec<_>>()
        .join("/");
    let lost = match (square.file(), square.rank()) {
        (0, 0) => Some('Q'),
        (7, 0) => Some('K'),
        (0, 7) => Some('q'),
        (7, 7) => Some('k'),
        _ => None,
    };
    if let Some(right) = lost {
        let rights: String = fields[2].chars().filter(|&c| c != right).collect();
        fields[2] = if rights.is_empty() { "-".into() } else { rights };
    }
    fields.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opening(fen: &str, moves: &[&str]) -> Opening {
        let start = Board::from_fen(fen).expect("valid");
        let mut board = start.clone();
        let moves = moves
            .iter()
            .map(|text| {
                let mv = board.parse_uci_move(text).expect("legal");
                board.play(mv);
                mv
            })
            .collect();
        Opening { start, moves }
    }

    #[test]
    fn the_piece_nearest_the_a_file_goes_with_its_castling_right() {
        let start = opening(movegen::START_FEN, &["e2e4", "e7e5"]);
        let rook = without_odds_pieces(&start.position(), &[OddsPiece::Rook], [true, false]).expect("legal");
        assert!(
            rook.to_fen().starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/1NBQKBNR w Kkq "),
            "{}",
            rook.to_fen()
        );
        let knight = without_odds_pieces(&start.position(), &[OddsPiece::Knight], [false, true]).expect("legal");
        assert!(knight.to_fen().starts_with("r1bqkbnr/pppp1ppp/"), "{}", knight.to_fen());
        assert!(knight.to_fen().contains(" KQkq "), "{}", knight.to_fen());
        let queens = without_odds_pieces(&start.position(), &[OddsPiece::Queen], [true, true]).expect("legal");
        assert!(queens.to_fen().starts_with("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR"), "{}", queens.to_fen());
        let two = OddsPiece::parse_list("rook+knight").expect("two pieces");
        let both = without_odds_pieces(&start.position(), &two, [true, false]).expect("legal");
        assert!(
            both.to_fen().starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/2BQKBNR w Kkq "),
            "{}",
            both.to_fen()
        );
        assert!(OddsPiece::parse_list("rook+bishop").is_err_and(|e| e.contains("'bishop'")));
    }

    #[test]
    fn a_game_starts_short_only_for_the_players_who_give_odds() {
        let odds = Odds { pieces: vec![OddsPiece::Rook], players: vec![1] };
        let book = opening(movegen::START_FEN, &["d2d4", "d7d5"]);
        assert_eq!(odds.opening_for(&book, 0, 2), Ok(book.clone()));
        let white_short = odds.opening_for(&book, 1, 0).expect("legal");
        assert!(white_short.moves.is_empty());
        assert!(white_short.start.to_fen().ends_with("/1NBQKBNR w Kkq - 0 2"), "{}", white_short.start.to_fen());
        let black_short = odds.opening_for(&book, 0, 1).expect("legal");
        assert!(black_short.start.to_fen().starts_with("1nbqkbnr/"), "{}", black_short.start.to_fen());
    }

    #[test]
    fn an_opening_that_odds_would_make_illegal_is_left_out_and_counted() {
        // White's knight on c4 shields its king from the rook on a4, and
        // Black is to move: without the knight White would stand in check
        // on Black's move.
        let blocked = opening("4k3/8/8/8/r1N1K3/8/8/8 b - - 0 1", &[]);
        let fine = opening(movegen::START_FEN, &[]);
        let no_queen = opening("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", &[]);
        let odds = Odds { pieces: vec![OddsPiece::Knight], players: vec![0] };
        let (kept, skipped) = odds.playable(vec![blocked.clone(), fine.clone()]);
        assert_eq!((kept, skipped), (vec![fine.clone()], 1));
        let error = without_odds_pieces(&blocked.position(), &[OddsPiece::Knight], [true, false]).expect_err("illegal");
        assert!(error.contains("knight"), "{error}");
        let queen_odds = Odds { pieces: vec![OddsPiece::Queen], players: vec![0] };
        assert_eq!(queen_odds.playable(vec![no_queen, fine.clone()]), (vec![fine], 1));
    }
}
