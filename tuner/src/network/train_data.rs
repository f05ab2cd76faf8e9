//! Training positions for the network, read from `tuner datagen` files:
//! each position's inputs from White's side (Black's follow from them),
//! the side to move, the search's score and the game's result.

use crate::support::parallel::over_chunks;
use engine::nnue::for_each_feature;
use movegen::{Board, CastleRights, Color};
use std::path::PathBuf;

/// At most this many pieces stand on a legal board.
const MAX_PIECES: usize = 32;

#[derive(Clone, Debug, PartialEq)]
pub struct TrainingPosition {
    /// The inputs set from White's side; the first `pieces` are used.
    pub white_features: [u16; MAX_PIECES],
    pub pieces: u8,
    pub white_to_move: bool,
    /// Whether either side may still castle: such a position is not the
    /// same game with its files mirrored.
    pub castling: bool,
    /// The search's score, from White's side, in centipawns.
    pub white_score: i16,
    /// White's result: 0.0, 0.5 or 1.0.
    pub white_result: f32,
    /// Which game of its file the position comes from (games are held out
    /// whole, so a game's positions never sit on both sides).
    pub game: u32,
}

impl TrainingPosition {
    pub fn from_board(board: &Board, white_score: i16, white_result: f32, game: u32) -> Option<TrainingPosition> {
        let mut white_features = [0u16; MAX_PIECES];
        let mut pieces = 0usize;
        for_each_feature(board, Color::White, |input| {
            if let Some(slot) = white_features.get_mut(pieces) {
                *slot = input as u16;
            }
            pieces += 1;
        });
        if pieces > MAX_PIECES {
            return None;
        }
        Some(TrainingPosition {
            white_features,
            pieces: pieces as u8,
            white_to_move: board.side_to_move() == Color::White,
            castling: board.castle_rights() != CastleRights::NONE,
            white_score,
            white_result,
            game,
        })
    }

    /// The inputs seen from White's side.
    pub fn white_inputs(&self) -> &[u16] {
        &self.white_features[..usize::from(self.pieces)]
    }

    /// The same position with files a and h swapped, which scores the
    /// same when nobody can castle: a second position for the price of one.
    pub fn files_mirrored(&self) -> TrainingPosition {
        let mut mirrored = self.clone();
        // An input's square sits in its low six bits (kinds and owners
        // count in 64s), and its file in the low three.
        mirrored.white_features.iter_mut().for_each(|input| *input ^= 7);
        mirrored
    }
}

/// The input Black sees for the input White sees as `white`: owners
/// swapped and ranks flipped.
#[inline]
pub fn black_input(white: u16) -> u16 {
    let (theirs, rest) = (white / 384, white % 384);
    let (piece, square) = (rest / 64, rest % 64);
    (1 - theirs) * 384 + piece * 64 + (square ^ 56)
}

/// Reads every position of `files`; a line that is not a position gets an
/// error naming the file and line.
pub fn read_positions(files: &[PathBuf], threads: usize) -> Result<Vec<TrainingPosition>, String> {
    let mut all = Vec::new();
    let mut games_before = 0u32;
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let lines: Vec<(usize, &str)> = text.lines().enumerate().collect();
        // The game of each line: the number of `# game` lines before it.
        let mut game_of_line = Vec::with_capacity(lines.len());
        let mut game = games_before;
        for (_, line) in &lines {
            game_of_line.push(game);
            if line.starts_with("# game") {
                game += 1;
            }
        }
        games_before = game;
        let parsed = over_chunks(&lines, threads, |offset, chunk| -> Result<Vec<TrainingPosition>, String> {
            let mut positions = Vec::with_capacity(chunk.len());
            for (i, (number, line)) in chunk.iter().enumerate() {
                if line.starts_with('#') || line.trim().is_empty() {
                    continue;
                }
                let position = parse_line(line, game_of_line[offset + i])
                    .map_err(|e| format!("{} line {}: {e}", path.display(), number + 1))?;
                positions.push(position);
            }
            Ok(positions)
        });
        for chunk in parsed {
            all.extend(chunk?);
        }
    }
    if all.is_empty() {
        return Err("the data files hold no position".into());
    }
    Ok(all)
}

/// One `FEN | score | result` line.
fn parse_line(line: &str, game: u32) -> Result<TrainingPosition, String> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [fen, score, result] = fields[..] else {
        return Err(format!("expected `FEN | score | result`, found `{line}`"));
    };
    let board = Board::from_fen(fen).map_err(|e| format!("bad FEN `{fen}`: {e}"))?;
    let score: i16 = score.parse().map_err(|_| format!("bad score `{score}`"))?;
    let result = match result {
        "1.0" | "1" => 1.0,
        "0.5" => 0.5,
        "0.0" | "0" => 0.0,
        other => return Err(format!("bad result `{other}` (1.0, 0.5 or 0.0)")),
    };
    TrainingPosition::from_board(&board, score, result, game).ok_or_else(|| format!("more than 32 pieces in `{fen}`"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_sees_the_mirrored_inputs() {
        let board =
            Board::from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 5").expect("valid");
        let position = TrainingPosition::from_board(&board, 0, 0.5, 0).expect("fits");
        let mut derived: Vec<u16> = position.white_inputs().iter().map(|&i| black_input(i)).collect();
        let mut direct = Vec::new();
        for_each_feature(&board, Color::Black, |i| direct.push(i as u16));
        derived.sort_unstable();
        direct.sort_unstable();
        assert_eq!(derived, direct);
    }

    #[test]
    fn mirrored_files_are_the_inputs_of_the_mirrored_board() {
        let fen = "2r3k1/pp3ppp/4pn2/3q4/3P4/2N2Q2/PP3PPP/R5K1 b - - 3 19";
        let board = Board::from_fen(fen).expect("valid");
        let position = TrainingPosition::from_board(&board, 35, 0.5, 0).expect("fits");
        assert!(!position.castling);
        let mirrored_fen = "1k3r2/ppp3pp/2np4/4q3/4P3/2Q2N2/PPP3PP/1K5R b - - 3 19";
        let mirrored_board = Board::from_fen(mirrored_fen).expect("valid");
        let direct = TrainingPosition::from_board(&mirrored_board, 35, 0.5, 0).expect("fits");
        let sorted = |p: &TrainingPosition| {
            let mut inputs = p.white_inputs().to_vec();
            inputs.sort_unstable();
            inputs
        };
        assert_eq!(sorted(&position.files_mirrored()), sorted(&direct));
        assert_ne!(sorted(&position), sorted(&direct));
        let start = Board::from_fen(movegen::START_FEN).expect("valid");
        assert!(TrainingPosition::from_board(&start, 0, 0.5, 0).expect("fits").castling);
    }

    #[test]
    fn lines_parse_and_bad_ones_are_named() {
        let line = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | -25 | 0.5";
        let position = parse_line(line, 4).expect("parses");
        assert_eq!((position.white_score, position.white_result, position.game), (-25, 0.5, 4));
        assert!(!position.white_to_move);
        assert_eq!(position.pieces, 32);
        assert!(parse_line("8/8/8 w - - 0 1 | 3 | 0.5", 0).expect_err("bad fen").contains("bad FEN"));
        assert!(parse_line(line.replace("0.5", "2").as_str(), 0).expect_err("bad result").contains("bad result"));
        assert!(parse_line("just text", 0).expect_err("no fields").contains("expected"));
    }
}
