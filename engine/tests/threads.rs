//! Lazy SMP: helper threads on one shared table. Their games are not
//! reproducible (the threads' timing decides what the table holds), so
//! these tests check what must hold whatever the timing: every move the
//! search answers with is legal, at the depth asked, however crowded the
//! table.

use engine::cli::bench::BENCH_POSITIONS;
use engine::search::{SearchLimits, SearchRequest, Searcher};
use movegen::Board;

#[test]
fn many_threads_on_a_tiny_table_answer_with_legal_lines() {
    let mut searcher = Searcher::new(1);
    searcher.set_threads(8);
    assert_eq!(searcher.threads(), 8);
    for fen in BENCH_POSITIONS.iter().take(10) {
        let board = Board::from_fen(fen).expect("valid");
        let result = searcher.search(SearchRequest::new(&board, &SearchLimits::depth(9)));
        assert_eq!(result.depth, 9, "{fen}");
        assert!(board.is_legal(result.best_move), "{fen}: {}", result.best_move);
        let mut line = board.clone();
        for mv in &result.pv {
            assert!(line.is_legal(*mv), "{fen}: pv {:?}", result.pv);
            line.play(*mv);
        }
    }
}

#[test]
fn threads_can_be_set_up_and_down_and_one_is_the_plain_search() {
    let board = Board::from_fen(BENCH_POSITIONS[3]).expect("valid");
    let search = |threads: usize| {
        let mut searcher = Searcher::new(4);
        searcher.set_threads(threads);
        searcher.set_threads(1);
        searcher.search(SearchRequest::new(&board, &SearchLimits::depth(8)))
    };
    // Back at one thread, the search is node for node a fresh one's.
    assert_eq!(search(4), search(1));
    let mut many = Searcher::new(1);
    many.set_threads(1000);
    assert_eq!(many.threads(), engine::search::MAX_THREADS);
}
