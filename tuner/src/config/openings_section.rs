//! `[openings]`: where a match or a tuning run takes its openings, shared
//! by `tuner match` and `tuner tune` configs.

use crate::config::engine_section::relative;
use matches::odds::{pieces_name, Odds, OddsPiece};
use matches::openings::{load_openings, openings_from_text, Opening, OpeningOrder, OpeningSettings};
use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct OpeningsSection {
    pub file: PathBuf,
    #[serde(default = "default_order")]
    pub order: OpeningOrder,
    #[serde(default)]
    pub seed: u64,
    #[serde(default = "default_start")]
    pub start: usize,
    pub plies: Option<usize>,
    /// Material odds: the named players start every game a piece short.
    pub odds: Option<OddsSection>,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct OddsSection {
    /// `knight`, `rook`, `queen`, or several joined by `+`.
    pub piece: String,
    /// The players who give it, by engine name.
    pub players: Vec<String>,
}

/// Openings with odds: the ones every game can start from, and the note
/// the report prints.
pub struct OddsOpenings {
    pub odds: Odds,
    pub openings: Vec<Opening>,
    pub note: String,
}

impl OddsSection {
    /// `players` as entrant indices, given each entrant's index by name
    /// (`seats`), and the openings playable at these odds.
    pub fn apply(
        &self,
        openings: Vec<Opening>,
        seats: impl Fn(&str) -> Option<Vec<usize>>,
    ) -> Result<OddsOpenings, String> {
        let mut players = Vec::new();
        for name in &self.players {
            let found = seats(name).ok_or_else(|| format!("openings.odds.players: '{name}' does not play"))?;
            players.extend(found);
        }
        if players.is_empty() {
            return Err("openings.odds.players: name at least one player".into());
        }
        let pieces = OddsPiece::parse_list(&self.piece).map_err(|e| format!("openings.odds.piece: {e}"))?;
        let name = pieces_name(&pieces);
        let odds = Odds { pieces, players };
        let total = openings.len();
        let (openings, skipped) = odds.playable(openings);
        if openings.is_empty() {
            return Err(format!("openings.odds: none of the {total} openings can be played a {name} short"));
        }
        let note = format!(
            "odds: a {name} short for {}; {skipped} of {total} openings left out (illegal or no {name} to give after them)",
            self.players.join(", ")
        );
        Ok(OddsOpenings { odds, openings, note })
    }
}

fn default_order() -> OpeningOrder {
    OpeningOrder::Sequential
}

fn default_start() -> usize {
    1
}

/// `openings.file = "builtin"`: the book carried inside the binary, so
/// the embedded default runs from any directory.
pub const BUILTIN_OPENINGS: &str = "builtin";
const BUILTIN_BOOK: &str = include_str!("../../../data/openings/8moves_v3-2000.pgn");

/// A whole book in file order: `builtin` for the one inside the binary,
/// otherwise a PGN or EPD file.
pub fn load_book(file: &Path) -> Result<Vec<Opening>, String> {
    let section = OpeningsSection {
        file: file.to_path_buf(),
        order: OpeningOrder::Sequential,
        seed: 0,
        start: 1,
        plies: None,
        odds: None,
    };
    build_openings(&section, Path::new("."))
}

pub fn build_openings(section: &OpeningsSection, base: &Path) -> Result<Vec<Opening>, String> {
    let builtin = section.file.as_os_str() == BUILTIN_OPENINGS;
    let settings = OpeningSettings {
        path: if builtin { PathBuf::from("builtin 8moves_v3-2000.pgn") } else { relative(base, &section.file) },
        order: section.order,
        seed: section.seed,
        start: section.start,
        plies: section.plies,
    };
    let openings = if builtin { openings_from_text(BUILTIN_BOOK, &settings) } else { load_openings(&settings) };
    openings.map_err(|e| format!("openings.file: {e}"))
}
