//! The fallible opponent models on the real search: shallower caps, seeded
//! evaluation noise and the softmax pick, each reproducible from its seed.

use engine::cli::bench::BENCH_POSITIONS;
use engine::fallible::noise_for;
use engine::search::{SearchLimits, SearchRequest, SearchResult, Searcher};
use engine::trappy_engine::TrappyEngine;
use engine::tunables::Tunables;
use movegen::Board;

fn search(fen: &str, settings: &[(&str, i64)], limits: &SearchLimits) -> SearchResult {
    search_with(Searcher::new(4), fen, settings, limits)
}

fn search_classical(fen: &str, settings: &[(&str, i64)], limits: &SearchLimits) -> SearchResult {
    let mut searcher = Searcher::new(4);
    searcher.set_network(None);
    search_with(searcher, fen, settings, limits)
}

fn search_with(mut searcher: Searcher, fen: &str, settings: &[(&str, i64)], limits: &SearchLimits) -> SearchResult {
    for (name, value) in settings {
        searcher.set_tunable(name, *value).expect("valid setting");
    }
    let board = Board::from_fen(fen).expect("valid FEN");
    searcher.search(SearchRequest::new(&board, limits))
}

#[test]
fn weak_depth_and_nodes_cap_the_game_limit() {
    let fen = BENCH_POSITIONS[3];
    assert_eq!(search(fen, &[("WeakDepth", 3)], &SearchLimits::depth(9)).depth, 3);
    assert_eq!(search(fen, &[], &SearchLimits::depth(6)).depth, 6);
    let capped = search(fen, &[("WeakNodes", 2000)], &SearchLimits::nodes(1_000_000));
    assert!(capped.nodes <= 2000 + 64, "{}", capped.nodes);
}

#[test]
fn eval_noise_is_bounded_and_a_function_of_the_position() {
    let mut noisy = Tunables::default();
    noisy.set("WeakEvalNoise", 40).expect("valid");
    let plain = Tunables::default();
    let mut differs = 0;
    for fen in BENCH_POSITIONS {
        let board = Board::from_fen(fen).expect("valid");
        let delta = noise_for(&board, &noisy);
        assert!(delta.abs() <= 40, "{fen}: {delta}");
        assert_eq!(noise_for(&board, &noisy), delta);
        assert_eq!(noise_for(&board, &plain), 0);
        differs += (delta != 0) as usize;
    }
    assert!(differs > 40, "{differs}");
    // The search evaluates through it, whichever evaluation it uses: a
    // one-ply search scores most positions differently with noise.
    let depth_one = SearchLimits::depth(1);
    let moved = BENCH_POSITIONS
        .iter()
        .filter(|fen| search(fen, &[("WeakEvalNoise", 40)], &depth_one).score != search(fen, &[], &depth_one).score)
        .count();
    assert!(moved > 25, "only {moved} of {} one-ply scores moved", BENCH_POSITIONS.len());
    let classical_moved = BENCH_POSITIONS
        .iter()
        .filter(|fen| {
            let noisy = search_classical(fen, &[("WeakEvalNoise", 40)], &depth_one).score;
            noisy != search_classical(fen, &[], &depth_one).score
        })
        .count();
    assert!(classical_moved > 25, "only {classical_moved} classical one-ply scores moved");
    // Searches with noise are as reproducible as without.
    let settings = [("WeakEvalNoise", 60), ("WeakSeed", 5)];
    let a = search(BENCH_POSITIONS[10], &settings, &SearchLimits::depth(7));
    let b = search(BENCH_POSITIONS[10], &settings, &SearchLimits::depth(7));
    assert_eq!((a.best_move, a.score, a.nodes), (b.best_move, b.score, b.nodes));
}

/// A search by the engine as a player: the weak player's draw decides
/// after the search, through the root-policy seam.
fn played(fen: &str, settings: &[(&str, i64)], limits: &SearchLimits) -> SearchResult {
    let mut engine = TrappyEngine::new(4, Tunables::default());
    for (name, value) in settings {
        engine.set_tunable(name, *value).expect("valid setting");
    }
    let board = Board::from_fen(fen).expect("valid FEN");
    engine.search(SearchRequest::new(&board, limits))
}

#[test]
fn softmax_pick_is_seeded_and_weaker_than_best() {
    let limits = SearchLimits::depth(5);
    let picks = |seed: i64| -> Vec<String> {
        BENCH_POSITIONS[..20]
            .iter()
            .map(|fen| {
                let settings = [("WeakTopK", 4), ("WeakTemperature", 100), ("WeakSeed", seed)];
                played(fen, &settings, &limits).best_move.to_string()
            })
            .collect()
    };
    let best: Vec<String> =
        BENCH_POSITIONS[..20].iter().map(|fen| search(fen, &[], &limits).best_move.to_string()).collect();
    let first = picks(1);
    assert_eq!(first, picks(1), "the same seed gives the same moves");
    let off_best = first.iter().zip(&best).filter(|(a, b)| a != b).count();
    assert!((2..20).contains(&off_best), "{off_best} of 20 differ from the best move");
    let other_seed = picks(2);
    assert!(other_seed.iter().zip(&first).any(|(a, b)| a != b), "another seed draws other moves");
    // Every pick is legal.
    for (fen, mv) in BENCH_POSITIONS[..20].iter().zip(&first) {
        let board = Board::from_fen(fen).expect("valid");
        assert!(board.parse_uci_move(mv).is_ok(), "{fen}: {mv}");
    }
}
