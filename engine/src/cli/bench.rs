//! `trappy bench`: a fixed list of varied positions searched to a fixed
//! depth with a fresh table. The node total is the engine's signature: any
//! change to search or evaluation changes it, so commits can quote it.
//! The last line is `<nodes> nodes <nps> nps`, as OpenBench reads it.

use crate::search::{SearchLimits, SearchRequest};
use crate::trappy::replies::OpponentModelChoice;
use crate::trappy::TrappyStats;
use crate::trappy_engine::TrappyEngine;
use crate::tunables::Tunables;
use movegen::Board;
use std::time::Instant;

pub const DEFAULT_BENCH_DEPTH: i32 = 12;

/// Openings, random legal middlegames and endgames, and perft classics.
pub const BENCH_POSITIONS: [&str; 50] = [
    "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
    "rnbqkb1r/p1ppnppp/1p2p3/8/4P3/3PB3/PPP2PPP/RN1QKBNR w KQkq - 0 1",
    "rnbqkbnr/pp2pppp/8/2pp4/3P4/6P1/PPPQPP1P/RNB1KBNR w KQkq - 0 1",
    "rn1qkbnr/pbpp1ppp/1p2p3/8/3P4/1P3N2/P1P1PPPP/RNBQKB1R w KQkq - 0 1",
    "rn1qkbnr/1pp1pppp/p7/3p4/1P4b1/5NP1/P1PPPP1P/RNBQKB1R w KQkq - 0 1",
    "rnbqkb1r/pppp2pp/4pn2/5p2/8/1P3N1P/P1PPPPP1/RNBQKB1R w KQkq - 0 1",
    "r1bqkbnr/pppp1p1p/2n1p1p1/8/8/4P1PB/PPPP1P1P/RNBQK1NR w KQkq - 0 1",
    "rnbqkb1r/p2ppppp/1p3n2/2p5/8/3P2PP/PPP1PP2/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pp1npppp/2pp4/8/2P5/6PP/PP1PPP2/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/1p1p1ppp/4p3/p1p5/Q1P5/4P3/PP1P1PPP/RNB1KBNR w KQkq - 0 1",
    "rnbqk1nr/ppppp2p/6pb/5p2/2P5/P3P3/1P1P1PPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/ppp1pp1p/2n3p1/3p4/4P3/3P4/PPPB1PPP/RN1QKBNR w KQkq - 0 1",
    "rnb1kbnr/ppqppp1p/6p1/2p5/8/3P4/PPPNPPPP/1RBQKBNR w Kkq - 0 1",
    "rnbqk1nr/pp1pbppp/2p1p3/8/5P2/2NP4/PPP1P1PP/R1BQKBNR w KQkq - 0 1",
    "rn1qkbnr/1bpppppp/pp6/8/8/1P1PP3/P1P2PPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pp1p1pp1/4p2p/2p5/8/1P2P2N/P1PP1PPP/RNBQKB1R w KQkq - 0 1",
    "rnbqkbnr/2pp1ppp/pp6/4p3/P7/3PP3/1PP2PPP/RNBQKBNR w KQkq - 0 1",
    "rnbqk1nr/ppppp1bp/6p1/5p2/8/P3P2N/1PPP1PPP/RNBQKB1R w KQkq - 0 1",
    "r1bqkbnr/ppp1pppp/2n5/3p4/3P4/3BP3/PPP2PPP/RNBQK1NR w KQkq - 0 1",
    "rnbqkbnr/1pp1pp1p/3p2p1/p7/8/PP3N2/2PPPPPP/RNBQKB1R w KQkq - 0 1",
    "rnbqkbnr/pp1ppp1p/6p1/8/3p4/1P6/PBP1PPPP/RN1QKBNR w KQkq - 0 1",
    "rnbqkbnr/2ppp1pp/pp6/5p2/Q7/2P4P/PP1PPPP1/RNB1KBNR w KQkq - 0 1",
    "rn1qkb1r/ppp1pppp/3p1n2/5b2/1PPP4/8/P3PPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/p2ppppp/8/p1p5/5P2/8/1PPPP1PP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/ppp2ppp/n2p4/P3p3/2P5/8/1P1PPPPP/RNBQKBNR w KQkq - 0 1",
    "3k1b2/p4r2/1P6/P1p1pnpP/2P5/R4B1R/6N1/4K3 b - - 0 1",
    "rk3bnN/q7/1p1p4/1b1Pp1pp/1pn1Pp2/2B2PPB/R2NK3/3R4 w - - 0 1",
    "5n1k/1B6/3b2p1/4p2p/7P/8/7K/8 w - - 0 1",
    "1n4kr/2B4p/3b2b1/ppp5/Pn1pP3/3P4/2PN1K2/3R4 w - - 0 1",
    "1n3k2/8/2bn4/B1p4K/P1PpPb1N/1p1PR3/8/8 b - - 0 1",
    "r5k1/2q5/1pn1p3/pp1pBpp1/P4P2/3QK3/2N3b1/6N1 w - - 0 1",
    "n7/3k4/8/1P1P2n1/3P3P/2p1K2R/2Q5/1N6 b - - 0 1",
    "r1b2r2/1p1p2k1/nbp5/pP2p1p1/P2qp2p/2B1nPPK/1RP4P/QN3BNR w - - 0 1",
    "3k4/8/7P/4P3/8/1N3K2/8/8 b - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/5B2/8/6k1/8/6K1/8/3n4 w - - 0 1",
    "b1k3r1/8/p1prNRPP/Pp6/1P6/1Pn2B1P/8/1rB1K3 b - - 0 1",
    "r1b1kb1r/ppp1pp1p/2nq4/3p2B1/2P1P3/3P1K2/PP3PPP/RN1Q1BNn w kq - 0 1",
    "k7/4r3/8/3KN3/8/2P5/8/8 b - - 0 1",
    "1n2kb1r/q2bp1p1/rp1p4/2p3Np/2PP1pn1/RPB1P1PB/3NKP2/7R b k - 0 1",
    "4k2r/8/8/8/8/8/8/5K2 b k - 0 1",
    "5K2/8/1Q6/2N5/8/1p2k3/8/8 w - - 0 1",
    "8/8/3k4/3p4/8/3P4/3K4/8 w - - 0 1",
    "3k4/3pp3/8/8/8/8/3PP3/3K4 w - - 0 1",
    "8/8/4k3/3Nn3/3nN3/4K3/8/8 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K1R1 b Qkq - 0 1",
    "7k/RR6/8/8/8/8/rr6/7K b - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2nppp/2n1p3/3pP3/2pP4/P1P2N2/2P1QPPP/R1B1KB1R w KQ - 0 9",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

/// The outcome of a bench run.
pub struct BenchResult {
    pub nodes: u64,
    pub millis: u64,
    /// Trappy counters over the positions (zero when trappy is off).
    pub trappy: TrappyStats,
}

/// Runs the bench at `depth` with the given tunables, evaluation and
/// opponent model (which plays only when traps are set), calling
/// `per_position` with each FEN and its node count.
pub fn run_bench_with(
    depth: i32,
    hash_mb: usize,
    tunables: &Tunables,
    network: Option<&std::sync::Arc<crate::nnue::Network>>,
    opponent_model: &OpponentModelChoice,
    mut per_position: impl FnMut(&str, u64),
) -> BenchResult {
    let start = Instant::now();
    let mut result = BenchResult { nodes: 0, millis: 0, trappy: TrappyStats::default() };
    for fen in BENCH_POSITIONS {
        // Each position gets a fresh searcher so results do not depend on
        // what was searched before.
        let mut searcher = TrappyEngine::new(hash_mb, tunables.clone());
        searcher.set_network(network.cloned());
        searcher.set_opponent_model(opponent_model.clone());
        let Ok(board) = Board::from_fen(fen) else { continue };
        let search = searcher.search(SearchRequest::new(&board, &SearchLimits::depth(depth)));
        per_position(fen, search.nodes);
        result.nodes += search.nodes;
        result.trappy.add(&searcher.trappy_stats());
    }
    result.millis = start.elapsed().as_millis() as u64;
    result
}

/// Total nodes and elapsed milliseconds of the default bench at `depth`,
/// with the default evaluation.
pub fn run_bench(depth: i32, hash_mb: usize, per_position: impl FnMut(&str, u64)) -> (u64, u64) {
    let network = crate::nnue::default_network();
    let natural = OpponentModelChoice::Natural;
    let result = run_bench_with(depth, hash_mb, &Tunables::default(), network.as_ref(), &natural, per_position);
    (result.nodes, result.millis)
}
