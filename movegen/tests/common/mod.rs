//! Helpers shared by the movegen integration tests.
#![allow(dead_code)]

use movegen::{parse_perft_suite, Board, PerftCase};
use std::path::PathBuf;

/// `data/<relative>` in the repository.
pub fn repo_data(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data").join(relative)
}

pub fn load_suite(name: &str) -> Vec<PerftCase> {
    let path = repo_data(&format!("perft/{name}"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_perft_suite(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every FEN of both perft suites: a varied set of legal positions.
pub fn suite_positions() -> Vec<Board> {
    ["standard.epd", "marcel.epd"]
        .iter()
        .flat_map(|name| load_suite(name))
        .map(|case| Board::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen)))
        .collect()
}
