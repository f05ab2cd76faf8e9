//! The network built into the binary, so that the engine plays at its
//! strength with nothing beside it; `EvalFile` replaces it with a file or
//! with the classical evaluation.

use super::Network;
use std::sync::{Arc, OnceLock};

/// The `EvalFile` value that names the built-in network.
pub const EMBEDDED: &str = "embedded";

/// What the programs evaluate with unless told otherwise: `trappy`'s
/// `EvalFile` default, `trappy bench`, the harness's in-process engines and
/// `tuner datagen`.
pub const DEFAULT_EVAL_FILE: &str = EMBEDDED;

/// How it was made: `docs/results/network.md`.
const EMBEDDED_BYTES: &[u8] = include_bytes!("../../../data/networks/gen4.nnue");

/// The built-in network fine-tuned on the results of the engine's games
/// against human-like players at odds (`docs/results/odds-network.md`).
const ODDS_BYTES: &[u8] = include_bytes!("../../../data/networks/odds-gen1.nnue");

/// The built-in odds network, read once and shared: what the engine
/// evaluates with a piece or more behind against a much weaker human
/// (`trappy/odds_network.rs`).
pub fn odds_network() -> Arc<Network> {
    static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
    read_once(&NETWORK, ODDS_BYTES)
}

/// The built-in network, read once and shared by every searcher.
pub fn embedded_network() -> Arc<Network> {
    static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
    read_once(&NETWORK, EMBEDDED_BYTES)
}

/// A built-in network from `bytes`, read the first time and shared after.
fn read_once(cell: &'static OnceLock<Arc<Network>>, bytes: &[u8]) -> Arc<Network> {
    // The bytes are part of the build, not input; the tests below read them.
    Arc::clone(
        cell.get_or_init(|| Arc::new(Network::from_bytes(bytes).expect("a built-in network is a valid network file"))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::network::score_of;

    #[test]
    fn the_built_in_network_reads_and_knows_a_queen_is_worth_having() {
        let network = embedded_network();
        assert!(Arc::ptr_eq(&network, &embedded_network()), "read once, shared after");
        let score = |fen: &str| score_of(&network, fen);
        let start = score(movegen::START_FEN);
        assert!((-100..=150).contains(&start), "start position {start}");
        let queen_up = score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(queen_up > 600, "a queen up scores {queen_up}");
        let queen_down = score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
        assert!(queen_down < -600, "a queen down scores {queen_down}");
    }

    #[test]
    fn the_odds_network_reads_and_counts_a_missing_queen_for_less() {
        let odds = odds_network();
        assert!(Arc::ptr_eq(&odds, &odds_network()), "read once, shared after");
        assert!(!Arc::ptr_eq(&odds, &embedded_network()));
        let queen_down = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
        let (built_in, fine_tuned) = (score_of(&embedded_network(), queen_down), score_of(&odds, queen_down));
        assert!(fine_tuned > built_in + 200, "a queen down: {fine_tuned} against the built-in {built_in}");
        assert!(fine_tuned < score_of(&odds, movegen::START_FEN), "still below the start position");
    }
}
