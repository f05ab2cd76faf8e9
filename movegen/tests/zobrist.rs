//! The incremental Zobrist key must always equal the key computed from
//! scratch, and equal positions must get equal keys.

mod common;
use movegen::{Board, Move};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn play_line(board: &Board, uci_moves: &[&str]) -> Board {
    let mut board = board.clone();
    for text in uci_moves {
        let mv = board.parse_uci_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        board.play(mv);
    }
    board
}

#[test]
fn incremental_key_matches_scratch_key_on_random_playouts() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut plies = 0;
    for start in common::suite_positions().iter().step_by(5) {
        let mut board = start.clone();
        for _ in 0..80 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv: Move = moves[rng.gen_range(0..moves.len())];
            board.play(mv);
            plies += 1;
            assert_eq!(board.hash(), board.compute_hash(), "after {mv} reaching {}", board.to_fen());
            let reparsed = Board::from_fen(&board.to_fen()).expect("printed FEN parses");
            assert_eq!(reparsed.hash(), board.hash(), "{}", board.to_fen());
        }
    }
    assert!(plies > 50_000);
}

#[test]
fn transpositions_share_a_key() {
    let start = Board::startpos();
    let a = play_line(&start, &["g1f3", "g8f6", "b1c3", "b8c6"]);
    let b = play_line(&start, &["b1c3", "b8c6", "g1f3", "g8f6"]);
    assert_eq!(a.hash(), b.hash());
    let c = play_line(&start, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(c.hash(), start.hash(), "only the clocks differ");
}

#[test]
fn en_passant_file_is_keyed_only_when_a_capture_is_possible() {
    // After 1.e4 no black pawn can take en passant: same key as no ep square.
    let after_e4 = play_line(&Board::startpos(), &["e2e4"]);
    let without_ep = Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").expect("valid");
    assert_eq!(after_e4.hash(), without_ep.hash());

    // With a black pawn on d4 the capture exists and the key differs.
    let with_capture = Board::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").expect("valid");
    let no_capture = Board::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1").expect("valid");
    assert_ne!(with_capture.hash(), no_capture.hash());

    // A capture that would expose the king along the rank is not possible.
    let pinned = Board::from_fen("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1").expect("valid");
    let pinned_no_ep = Board::from_fen("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1").expect("valid");
    assert_eq!(pinned.hash(), pinned_no_ep.hash());
}

#[test]
fn side_and_castling_change_the_key() {
    let white = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("valid");
    let black = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").expect("valid");
    let fewer_rights = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1").expect("valid");
    assert_ne!(white.hash(), black.hash());
    assert_ne!(white.hash(), fewer_rights.hash());
}
