//! Draw rules: repetition over a key history, fifty moves, and
//! insufficient material.

use movegen::{is_threefold_repetition, repetition_count, Board};

#[test]
fn knight_shuffle_repeats_three_times() {
    let mut board = Board::startpos();
    let mut history = vec![];
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut repetitions = vec![];
    for text in shuffle.iter().cycle().take(8) {
        history.push(board.hash());
        let mv = board.parse_uci_move(text).expect("legal");
        board.play(mv);
        repetitions.push(repetition_count(&history, board.hash(), board.halfmove_clock()));
    }
    // The start position recurs after 4 and 8 plies.
    assert_eq!(repetitions, vec![0, 0, 0, 1, 1, 1, 1, 2]);
    assert!(is_threefold_repetition(&history, board.hash(), board.halfmove_clock()));
}

#[test]
fn irreversible_moves_reset_the_window() {
    let mut board = Board::startpos();
    let mut history = vec![];
    for text in ["g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5"] {
        history.push(board.hash());
        board.play(board.parse_uci_move(text).expect("legal"));
    }
    // After a pawn move nothing before it can repeat.
    assert_eq!(board.halfmove_clock(), 0);
    assert_eq!(repetition_count(&history, Board::startpos().hash(), board.halfmove_clock()), 0);
}

#[test]
fn fifty_move_rule() {
    let board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 99 80").expect("valid");
    assert!(!board.is_fifty_move_draw());
    let mut after = board.clone();
    after.play(after.parse_uci_move("h1h2").expect("legal"));
    assert!(after.is_fifty_move_draw());
    let mut pawn_reset = Board::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80").expect("valid");
    pawn_reset.play(pawn_reset.parse_uci_move("e2e4").expect("legal"));
    assert!(!pawn_reset.is_fifty_move_draw());
}

#[test]
fn insufficient_material() {
    let drawn = [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
        // Bishops all on light squares (f1 and c8... c8 is light, f1 light).
        "2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1",
    ];
    let playable = [
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
        // Bishops on opposite colours (f1 light, f8 dark) can still mate.
        "4kb2/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKB2 w - - 0 1",
    ];
    for fen in drawn {
        assert!(Board::from_fen(fen).expect("valid").is_insufficient_material(), "{fen}");
    }
    for fen in playable {
        assert!(!Board::from_fen(fen).expect("valid").is_insufficient_material(), "{fen}");
    }
}

#[test]
fn mirrored_board_has_mirrored_moves() {
    let board = Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").expect("valid");
    let mirror = board.mirrored();
    assert_eq!(mirror.to_fen(), "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1");
    assert_eq!(mirror.count_moves(), board.count_moves());
    assert_eq!(mirror.mirrored(), board);
}
