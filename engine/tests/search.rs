//! Search outcomes on positions with known answers.

use engine::search::score::{uci_score, DRAW, MATE};
use engine::search::{SearchLimits, SearchRequest, SearchResult, Searcher};
use movegen::{Board, Move};

fn search(fen: &str, depth: i32, game_keys: &[u64]) -> SearchResult {
    let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut searcher = Searcher::new(16);
    searcher.search(SearchRequest::new(&board, &SearchLimits::depth(depth)).after(game_keys))
}

#[test]
fn finds_mates_with_the_right_distance() {
    // (fen, moves to mate); distances checked with Stockfish.
    let cases = [
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1),
        ("3rk2r/p4pQ1/3p2pb/1pp3P1/P2p4/2n2R1b/1PKN3P/2B4R w k - 0 1", 1),
        ("3N3k/B4P2/n6P/1b6/3K2p1/6P1/8/2r4R w - - 0 1", 2),
        ("b7/7K/8/6rk/8/2p3b1/1n6/2r4n b - - 0 1", 2),
        ("1k3br1/8/1p3p2/pP2p3/B3n3/2R5/P1R2N1K/8 w - - 0 1", 2),
        ("4Nk2/7b/4R3/1B4P1/1P5R/p5B1/8/4K3 w - - 0 1", 3),
        ("5knr/2p5/pr4pp/PP1p1p1q/1n1P1P1P/1P1bP3/1B1KR3/RB1N4 b - - 0 1", 3),
        ("2Bk4/2N4N/1Q6/P2p2P1/1R3b1p/3Kp2P/6R1/2r5 w - - 0 1", 3),
    ];
    for (fen, moves) in cases {
        let result = search(fen, 2 * moves + 3, &[]);
        assert_eq!(uci_score(result.score), format!("mate {moves}"), "{fen}: pv {:?}", result.pv);
        let board = Board::from_fen(fen).expect("valid");
        assert!(board.is_legal(result.best_move));
    }
}

#[test]
fn being_mated_reports_a_negative_mate() {
    // Black to move, mated in two whatever it does (checked with Stockfish).
    for fen in ["4Nk2/7R/4R3/1B4P1/1P6/p5B1/8/4K3 b - - 0 1", "2Bk4/7N/1Q2N3/P2p2P1/1R3b1p/3Kp2P/6R1/2r5 b - - 1 1"] {
        let doomed = search(fen, 7, &[]);
        assert_eq!(uci_score(doomed.score), "mate -2", "{fen}: {:?}", doomed.pv);
    }
}

#[test]
fn checkmate_and_stalemate_roots_have_no_move() {
    let mated = search("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", 5, &[]);
    assert_eq!(mated.best_move, Move::NULL);
    assert_eq!(mated.score, -MATE);
    let stalemate = search("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 5, &[]);
    assert_eq!(stalemate.best_move, Move::NULL);
    assert_eq!(stalemate.score, DRAW);
}

#[test]
fn repetition_inside_the_search_scores_zero() {
    // White is a queen down but has a perpetual check (Qe8+ Kh7 Qh5+ ...).
    // Only the repetition rule makes this position worth 0 to White.
    let fen = "6k1/6p1/7p/7Q/8/8/q5PP/6K1 w - - 0 1";
    let result = search(fen, 10, &[]);
    assert!(result.score.abs() <= 30, "expected a perpetual, got {} {:?}", result.score, result.pv);
}

#[test]
fn repetition_from_the_game_history_counts() {
    // White, with a bare king against king and queen, is lost, unless a
    // move goes back to a position the game has already seen. Three plies
    // ago the game stood where Kh1-g1 leads; then came Qa8-b8 Kg1-h1
    // Qb8-a8.
    let root = "q6k/8/8/8/8/8/8/7K w - - 8 60";
    let lost = search(root, 6, &[]);
    assert!(lost.score < -200, "a queen down with no history: {} {:?}", lost.score, lost.pv);
    let mut game = Board::from_fen("q6k/8/8/8/8/8/8/6K1 b - - 5 58").expect("valid");
    let mut keys = vec![game.hash()];
    for uci in ["a8b8", "g1h1"] {
        let mv = game.parse_uci_move(uci).expect("legal");
        game.play(mv);
        keys.push(game.hash());
    }
    let saved = search(root, 6, &keys);
    assert_eq!(saved.score, DRAW, "{:?}", saved.pv);
    assert_eq!(saved.best_move.to_string(), "h1g1");
    // Outside the fifty-move window an old position no longer counts.
    let long_ago = search(&root.replace(" 8 60", " 0 60"), 6, &keys);
    assert!(long_ago.score < -200, "{}", long_ago.score);
}

#[test]
fn fifty_move_rule_inside_the_search_scores_zero() {
    // White is a rook up but the clock is at 99: any move but a capture or
    // pawn move draws at once, and no mate in one exists.
    let result = search("8/8/4k3/8/8/8/8/R3K3 w - - 99 120", 6, &[]);
    assert_eq!(result.score, DRAW, "{:?}", result.pv);
    // With a fresh clock the same position is winning.
    let fresh = search("8/8/4k3/8/8/8/8/R3K3 w - - 0 120", 6, &[]);
    assert!(fresh.score > 300);
}

#[test]
fn node_limited_search_is_deterministic() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let board = Board::from_fen(fen).expect("valid");
    let run = || Searcher::new(16).search(SearchRequest::new(&board, &SearchLimits::nodes(50_000)));
    let (a, b) = (run(), run());
    assert_eq!(a, b);
    assert!(a.nodes <= 50_000 + 1);
}

#[test]
fn bench_is_deterministic() {
    let first = engine::cli::bench::run_bench(5, 4, |_, _| {}).0;
    let second = engine::cli::bench::run_bench(5, 4, |_, _| {}).0;
    assert_eq!(first, second);
    assert!(first > 10_000);
}

#[test]
fn wins_material_when_offered() {
    // A hanging queen is taken.
    let result = search("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", 4, &[]);
    assert_eq!(result.best_move.to_string(), "d1d5");
}

#[test]
fn mirrored_positions_get_mirrored_results() {
    let fen = "r1bq1rk1/pp2nppp/2n1p3/3pP3/2pP4/P1P2N2/2P1QPPP/R1B1KB1R w KQ - 0 9";
    let board = Board::from_fen(fen).expect("valid");
    let plain = Searcher::new(16).search(SearchRequest::new(&board, &SearchLimits::depth(6)));
    let mirror = Searcher::new(16).search(SearchRequest::new(&board.mirrored(), &SearchLimits::depth(6)));
    // Node counts may differ: mirrored keys fill other table buckets.
    assert_eq!(plain.score, mirror.score);
    let (from, to) = (mirror.best_move.from().flip_rank(), mirror.best_move.to().flip_rank());
    assert_eq!((plain.best_move.from(), plain.best_move.to()), (from, to));
}

#[test]
fn contempt_makes_a_draw_worse_for_the_side_to_move_at_the_root() {
    // The fifty-move position above, drawn whatever White does.
    let board = Board::from_fen("8/8/4k3/8/8/8/8/R3K3 w - - 99 120").expect("valid");
    let mut searcher = Searcher::new(16);
    searcher.set_tunable("Contempt", 30).expect("valid");
    let result = searcher.search(SearchRequest::new(&board, &SearchLimits::depth(6)));
    assert_eq!(result.score, DRAW - 30, "{:?}", result.pv);
    // The same for Black at the root: contempt belongs to whoever searches.
    let black = Board::from_fen("8/8/4K3/8/8/8/8/r3k3 b - - 99 120").expect("valid");
    let result = searcher.search(SearchRequest::new(&black, &SearchLimits::depth(6)));
    assert_eq!(result.score, DRAW - 30, "{:?}", result.pv);
}

#[test]
fn a_won_position_is_not_thrown_away_by_repeating_the_game() {
    // From a real game: Black, a queen up, had checked back and forth
    // (Qf3+ Kh2 Qf2+ Kh3). Qf3+ again returns to a position of the game
    // history, which the search must score as a draw, so it plays on.
    let earlier = Board::from_fen("6k1/8/8/7p/7P/5q1K/8/8 w - - 10 60").expect("valid");
    let mut board = earlier.clone();
    let mut keys = vec![];
    for text in ["h3h2", "f3f2", "h2h3"] {
        keys.push(board.hash());
        let mv = board.parse_uci_move(text).expect("legal");
        board.play(mv);
    }
    let repeat = board.parse_uci_move("f2f3").expect("legal");
    let mut searcher = Searcher::new(16);
    let result = searcher.search(SearchRequest::new(&board, &SearchLimits::depth(8)).after(&keys));
    assert_ne!(result.best_move, repeat, "score {} pv {:?}", result.score, result.pv);
    assert!(result.score > 500, "{}", result.score);
}
