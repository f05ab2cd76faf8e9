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
const EMBEDDED_BYTES: &[u8] = include_bytes!("../../../data/networks/gen3.nnue");

/// The network the `UCI_Elo` levels were last calibrated with (generation
/// 2): a strength limit on the built-in network plays with it, so that the
/// levels hold, until they are measured again with the built-in one.
const LIMITED_STRENGTH_BYTES: &[u8] = include_bytes!("../../../data/networks/gen2.nnue");

/// The network a strength limit plays with in place of the built-in one.
pub fn limited_strength_network() -> Arc<Network> {
    static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
    read_once(&NETWORK, LIMITED_STRENGTH_BYTES)
}

/// The built-in network, read once and shared by every searcher.
pub fn embedded_network() -> Arc<Network> {
    static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
    read_once(&NETWORK, EMBEDDED_BYTES)
}

/// The network of `bytes` built into the binary, read on first use and
/// shared after.
fn read_once(cell: &'static OnceLock<Arc<Network>>, bytes: &'static [u8]) -> Arc<Network> {
    // The bytes are part of the build, not input; the test below reads both.
    let network = cell.get_or_init(|| Arc::new(Network::from_bytes(bytes).expect("a built-in network file is valid")));
    Arc::clone(network)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::network::score_of;

    #[test]
    fn the_built_in_network_reads_and_knows_a_queen_is_worth_having() {
        let network = embedded_network();
        assert!(Arc::ptr_eq(&network, &embedded_network()), "read once, shared after");
        let limited = limited_strength_network();
        assert_eq!(limited.fingerprint(), "e2bf0f02c7acf363", "generation 2, which the levels were measured with");
        assert_ne!(limited.fingerprint(), network.fingerprint());
        let score = |fen: &str| score_of(&network, fen);
        let start = score(movegen::START_FEN);
        assert!((-100..=150).contains(&start), "start position {start}");
        let queen_up = score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(queen_up > 600, "a queen up scores {queen_up}");
        let queen_down = score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
        assert!(queen_down < -600, "a queen down scores {queen_down}");
    }
}
