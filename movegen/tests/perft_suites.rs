//! Perft against the reference counts in data/perft. The default run
//! checks every entry up to a node limit per entry; the full suites are
//! `#[ignore]`d (see the README for the commands).

mod common;
use common::load_suite;
use movegen::{perft, Board};

/// Checks every (position, depth) whose expected count is at most
/// `node_limit`; returns how many entries were checked.
fn check_suite(name: &str, node_limit: u64, max_depth: u32) -> usize {
    let mut checked = 0;
    for case in load_suite(name) {
        let board = Board::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in &case.expected {
            if expected <= node_limit && depth <= max_depth {
                assert_eq!(perft(&board, depth), expected, "{} depth {depth}", case.fen);
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn standard_suite_slice() {
    let checked = check_suite("standard.epd", 2_000_000, u32::MAX);
    assert!(checked > 500, "only {checked} entries fit the limit");
}

#[test]
fn marcel_suite_slice() {
    let checked = check_suite("marcel.epd", 30_000, u32::MAX);
    assert!(checked > 15_000, "only {checked} entries fit the limit");
}

#[test]
#[ignore = "full suite: about 30 s in release"]
fn standard_suite_full() {
    check_suite("standard.epd", u64::MAX, u32::MAX);
}

#[test]
#[ignore = "full suite to depth 4: about 10 s in release"]
fn marcel_suite_to_depth_4() {
    check_suite("marcel.epd", u64::MAX, 4);
}

#[test]
fn tricky_rules_positions() {
    // (fen, depth, count): each isolates one rule.
    let cases = [
        // En passant would expose the king along the rank: not allowed.
        ("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", 1, 6),
        // Double check: only king moves.
        ("4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1", 1, 2),
        // Castling through an attacked square (f1) is illegal; O-O-O is not.
        ("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", 1, 22),
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", 1, 26),
        // Castling out of check is illegal.
        ("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", 1, 4),
        // Promotions, under-promotions and capture-promotions.
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 1, 24),
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 4, 182838),
    ];
    for (fen, depth, expected) in cases {
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(perft(&board, depth), expected, "{fen} depth {depth}");
    }
}

#[test]
fn bulk_count_equals_expanded_list() {
    // The count takes the pawns that are not pinned as one board: every
    // position two plies below the suite's (pins, checks, en passant and
    // promotions among them) must count what the generator lists.
    fn check(board: &Board, plies: u32) {
        let moves = board.legal_moves();
        assert_eq!(board.count_moves() as usize, moves.len(), "{}", board.to_fen());
        if plies > 0 {
            for &mv in moves.iter() {
                let mut child = board.clone();
                child.play(mv);
                check(&child, plies - 1);
            }
        }
    }
    for board in common::suite_positions().iter().step_by(7) {
        check(board, 2);
    }
}
