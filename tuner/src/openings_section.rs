//! `[openings]`: where a match or a tuning run takes its openings, shared
//! by `tuner match` and `tuner tune` configs.

use crate::engine_section::relative;
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
const BUILTIN_BOOK: &str = include_str!("../../data/openings/8moves_v3-2000.pgn");

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
