//! Opening books: EPD files (one FEN per line) and PGN files (the moves of
//! each game), in file order or shuffled by a seed, from a start index,
//! cut to a ply limit.

use crate::pgn_reader::read_pgn;
use movegen::{Board, Move};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::path::{Path, PathBuf};

/// One opening: a start position and the moves played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub start: Board,
    pub moves: Vec<Move>,
}

impl Opening {
    /// The position after the opening moves.
    pub fn position(&self) -> Board {
        let mut board = self.start.clone();
        for &mv in &self.moves {
            board.play(mv);
        }
        board
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OpeningOrder {
    Sequential,
    Random,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningSettings {
    pub path: PathBuf,
    pub order: OpeningOrder,
    pub seed: u64,
    /// 1-based index of the first opening used (after shuffling).
    pub start: usize,
    /// PGN openings are cut to this many plies.
    pub plies: Option<usize>,
}

fn read_epd(path: &Path, text: &str) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.is_empty() || fields[0].starts_with('#') {
            continue;
        }
        // Four FEN fields, then either clocks or EPD operations.
        let with_clocks = fields.len() >= 6 && fields[4].parse::<u32>().is_ok() && fields[5].parse::<u32>().is_ok();
        let fen = if with_clocks { fields[..6].join(" ") } else { fields[..fields.len().min(4)].join(" ") };
        let start = Board::from_fen(&fen).map_err(|e| format!("{} line {}: {e}", path.display(), index + 1))?;
        openings.push(Opening { start, moves: vec![] });
    }
    Ok(openings)
}

/// Loads, orders and trims a book. Errors name the file and the place.
pub fn load_openings(settings: &OpeningSettings) -> Result<Vec<Opening>, String> {
    let path = &settings.path;
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read opening file {}: {e}", path.display()))?;
    openings_from_text(&String::from_utf8_lossy(&bytes), settings)
}

/// As `load_openings`, from a book already in memory; `settings.path`
/// names it in errors and tells PGN (`.pgn`) from EPD.
pub fn openings_from_text(text: &str, settings: &OpeningSettings) -> Result<Vec<Opening>, String> {
    let path = &settings.path;
    let is_pgn = path.extension().is_some_and(|ext| ext.eq_ignore_ascii_case("pgn"));
    let mut openings = if is_pgn {
        read_pgn(text)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .into_iter()
            .map(|game| Opening { start: game.start, moves: game.moves })
            .collect()
    } else {
        read_epd(path, text)?
    };
    if openings.is_empty() {
        return Err(format!("opening file {} holds no opening", path.display()));
    }
    if let Some(plies) = settings.plies {
        for opening in &mut openings {
            opening.moves.truncate(plies);
        }
    }
    if settings.order == OpeningOrder::Random {
        openings.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(settings.seed));
    }
    let skip = settings.start.saturating_sub(1);
    if skip >= openings.len() {
        return Err(format!(
            "opening start {} is past the {} openings of {}",
            settings.start,
            openings.len(),
            path.display()
        ));
    }
    openings.rotate_left(skip);
    Ok(openings)
}
