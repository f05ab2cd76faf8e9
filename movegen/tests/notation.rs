//! UCI and SAN notation: known strings, and round trips over every legal
//! move of many positions.

mod common;
use movegen::{Board, SanError, UciMoveError};

fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn san_of(fen: &str, uci: &str) -> String {
    let board = board(fen);
    let mv = board.parse_uci_move(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    board.san(mv)
}

#[test]
fn san_printing_follows_the_pgn_standard() {
    let start = movegen::START_FEN;
    assert_eq!(san_of(start, "e2e4"), "e4");
    assert_eq!(san_of(start, "g1f3"), "Nf3");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(san_of(kiwipete, "e1g1"), "O-O");
    assert_eq!(san_of(kiwipete, "e1c1"), "O-O-O");
    assert_eq!(san_of(kiwipete, "d5e6"), "dxe6");
    assert_eq!(san_of(kiwipete, "e5f7"), "Nxf7");
    assert_eq!(san_of(kiwipete, "f3f6"), "Qxf6");
    // Disambiguation: by file, by rank, by both.
    assert_eq!(san_of("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "a1d1"), "Rad1");
    assert_eq!(san_of("4k3/8/R7/8/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
    assert_eq!(san_of("1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1"), "Qh4e1");
    // Promotions, capture-promotions, check and mate.
    assert_eq!(san_of("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8n"), "axb8=N");
    assert_eq!(san_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), "a8=Q+");
    assert_eq!(san_of("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8#");
    // En passant is written as a pawn capture.
    assert_eq!(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
}

#[test]
fn san_parsing_is_lenient_like_pgn_readers() {
    let start = Board::startpos();
    for (text, uci) in [("e4", "e2e4"), ("Nf3", "g1f3"), ("Ng1f3", "g1f3"), ("Nf3!?", "g1f3"), ("e2-e4", "e2e4")] {
        let mv = start.parse_san(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(mv.to_string(), uci, "{text}");
    }
    let castle = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(castle.parse_san("0-0").map(|m| m.to_string()), Ok("e1g1".into()));
    assert_eq!(castle.parse_san("O-O-O+").map(|m| m.to_string()), Ok("e1c1".into()));
    let promo = board("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(promo.parse_san("a8Q").map(|m| m.to_string()), Ok("a7a8q".into()));
    assert_eq!(promo.parse_san("a8=N").map(|m| m.to_string()), Ok("a7a8n".into()));

    assert!(matches!(start.parse_san("Ke2"), Err(SanError::Illegal(_))));
    assert!(matches!(start.parse_san("Zz9"), Err(SanError::Syntax(_))));
    assert!(matches!(start.parse_san(""), Err(SanError::Syntax(_))));
    let rooks = board("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
    assert!(matches!(rooks.parse_san("Rd1"), Err(SanError::Ambiguous(_))));
}

#[test]
fn uci_parsing_rejects_bad_and_illegal_moves() {
    let start = Board::startpos();
    assert_eq!(start.parse_uci_move("e2e4").map(|m| m.to_string()), Ok("e2e4".into()));
    for bad in ["", "e2", "e2e9", "e2e4x", "e2e4k", "é2e4", "e2e4qq"] {
        assert!(matches!(start.parse_uci_move(bad), Err(UciMoveError::Syntax(_))), "{bad}");
    }
    for illegal in ["e2e5", "e1g1", "a7a8q", "e7e5"] {
        assert!(matches!(start.parse_uci_move(illegal), Err(UciMoveError::Illegal(_))), "{illegal}");
    }
    // A promotion needs its piece letter.
    let promo = board("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(promo.parse_uci_move("a7a8"), Err(UciMoveError::Illegal(_))));
}

#[test]
fn every_legal_move_round_trips_through_san_and_uci() {
    let mut moves_checked = 0;
    for board in common::suite_positions().iter().step_by(3) {
        let moves = board.legal_moves();
        let mut seen = std::collections::HashSet::new();
        for &mv in moves.iter() {
            let san = board.san(mv);
            assert!(seen.insert(san.clone()), "duplicate SAN {san} in {}", board.to_fen());
            assert_eq!(board.parse_san(&san), Ok(mv), "{san} in {}", board.to_fen());
            assert_eq!(board.parse_uci_move(&mv.to_string()), Ok(mv));
            assert!(board.is_legal(mv));
            moves_checked += 1;
        }
    }
    assert!(moves_checked > 20_000);
}
