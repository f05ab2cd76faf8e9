//! FEN: exact round trips, one typed error per malformed field, and a fuzz
//! run over hundreds of thousands of random and mutated strings.

mod common;
use movegen::{Board, Color, FenErrorKind, FenField, Piece, Square};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

#[test]
fn six_field_fens_round_trip_exactly() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pppp1pp1/8/3Pp2p/3Q4/8/PPP1PPPP/RNB1KBNR w KQkq e6 0 1",
        // An en-passant square with no pawn able to capture is kept.
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2",
        "8/8/8/8/8/8/8/K6k b - - 99 187",
    ];
    for fen in fens {
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(board.to_fen(), fen);
    }
}

#[test]
fn four_field_fens_get_default_clocks() {
    let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - -").expect("valid");
    assert_eq!(board.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn every_suite_position_round_trips() {
    for board in common::suite_positions() {
        let again = Board::from_fen(&board.to_fen()).expect("printed FEN parses");
        assert_eq!(again, board);
    }
}

fn rejection(fen: &str) -> (FenField, FenErrorKind) {
    match Board::from_fen(fen) {
        Ok(_) => panic!("accepted malformed FEN {fen}"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            (e.field, e.kind)
        }
    }
}

#[test]
fn malformed_fens_name_field_and_reason() {
    use FenErrorKind::*;
    use FenField::*;
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    type KindCheck = fn(&FenErrorKind) -> bool;
    let cases: Vec<(String, FenField, KindCheck)> = vec![
        ("".into(), Position, |k| matches!(k, FieldCount(0))),
        (format!("{start} w KQkq - 0"), Position, |k| matches!(k, FieldCount(5))),
        ("8/8/8/8/8/8/8 w - - 0 1".into(), Placement, |k| matches!(k, RankCount(7))),
        ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(), Placement, |k| {
            matches!(k, RankLength { .. })
        }),
        ("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(), Placement, |k| {
            matches!(k, RankLength { rank: 5, squares: 7 })
        }),
        ("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(), Placement, |k| matches!(k, BadPieceChar('x'))),
        ("rnbqkbnr/pppp0ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(), Placement, |k| matches!(k, BadPieceChar('0'))),
        ("k6k/8/8/8/8/8/8/K7 w - - 0 1".into(), Placement, |k| matches!(k, KingCount { count: 2, .. })),
        ("8/8/8/8/8/8/8/K7 w - - 0 1".into(), Placement, |k| matches!(k, KingCount { count: 0, .. })),
        ("k6P/8/8/8/8/8/8/K7 w - - 0 1".into(), Placement, |k| matches!(k, PawnOnBackRank(_))),
        ("k7/8/8/8/8/8/8/K6p w - - 0 1".into(), Placement, |k| matches!(k, PawnOnBackRank(_))),
        (format!("{start} x KQkq - 0 1"), SideToMove, |k| matches!(k, BadSideToMove(_))),
        (format!("{start} w KQkz - 0 1"), Castling, |k| matches!(k, BadCastlingChar('z'))),
        (format!("{start} w KKq - 0 1"), Castling, |k| matches!(k, DuplicateCastlingRight('K'))),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1".into(), Castling, |k| {
            matches!(k, CastlingWithoutPieces('K'))
        }),
        (format!("{start} w KQkq e9 0 1"), EnPassant, |k| matches!(k, BadSquare(_))),
        (format!("{start} w KQkq e3 0 1"), EnPassant, |k| matches!(k, EnPassantWrongRank(_))),
        (format!("{start} w KQkq e6 0 1"), EnPassant, |k| matches!(k, EnPassantWithoutPawn(_))),
        (format!("{start} w KQkq - -1 1"), HalfmoveClock, |k| matches!(k, Negative(_))),
        (format!("{start} w KQkq - x 1"), HalfmoveClock, |k| matches!(k, NotANumber(_))),
        (format!("{start} w KQkq - 0 -3"), FullmoveNumber, |k| matches!(k, Negative(_))),
        (format!("{start} w KQkq - 0 1.5"), FullmoveNumber, |k| matches!(k, NotANumber(_))),
        (format!("{start} w KQkq - 0 99999999999"), FullmoveNumber, |k| matches!(k, NotANumber(_))),
        // Black to move while White's king is attacked: White is in check
        // but it is Black's turn.
        ("4k3/8/8/8/8/8/8/r3K3 b - - 0 1".into(), Position, |k| matches!(k, OpponentInCheck)),
    ];
    for (fen, field, kind_matches) in cases {
        let (actual_field, actual_kind) = rejection(&fen);
        assert_eq!(actual_field, field, "{fen}: {actual_kind:?}");
        assert!(kind_matches(&actual_kind), "{fen}: unexpected {actual_kind:?}");
    }
}

fn parsed(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn legal_but_odd_positions_are_accepted_as_written() {
    // Fifteen queens around a king in check: legal shapes, however unlikely.
    let queens = parsed("QQQQkQQQ/QQQQQQQQ/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(queens.colored(Piece::Queen, Color::White).count(), 15);
    assert_eq!(queens.king(Color::Black), Square::parse("e8").expect("square"));
    assert_eq!((queens.side_to_move(), queens.in_check()), (Color::Black, true));
    // Double check, by the knight and the rook, with White's queenside castling kept.
    let double = parsed("4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1");
    assert_eq!(double.checkers().count(), 2);
    assert_eq!(double.piece_on(Square::parse("f3").expect("square")), Some(Piece::Knight));
    assert_eq!(double.color_on(Square::parse("h1").expect("square")), Some(Color::Black));
    assert_eq!(double.to_fen().split(' ').nth(2), Some("Q"));
    // An en-passant square though no capture is possible: kept, and no
    // en-passant capture is generated.
    let passant = parsed("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    assert_eq!(passant.en_passant(), Square::parse("e3"));
    assert!(passant.legal_moves().iter().all(|mv| mv.to_string() != "d4e3" && mv.to_string() != "f4e3"));
    assert_eq!(passant.legal_moves().len(), 5);
}

#[test]
fn the_fields_land_on_the_board() {
    let board = parsed("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b Kq - 7 42");
    assert_eq!(board.side_to_move(), Color::Black);
    assert_eq!((board.halfmove_clock(), board.fullmove_number()), (7, 42));
    assert_eq!(board.occupied().count(), 32);
    assert_eq!(board.colored(Piece::Pawn, Color::White).count(), 8);
    assert_eq!(board.piece_on(Square::parse("e7").expect("square")), Some(Piece::Queen));
    assert_eq!(board.color_on(Square::parse("e7").expect("square")), Some(Color::Black));
    assert_eq!(board.piece_on(Square::parse("a2").expect("square")), Some(Piece::Pawn));
    assert_eq!(board.piece_on(Square::parse("c1").expect("square")), None);
    assert_eq!(board.en_passant(), None);
    // Kq: White may castle short only, Black long only.
    let moves: Vec<String> = board.legal_moves().iter().map(|mv| mv.to_string()).collect();
    assert!(moves.contains(&"e8c8".to_string()) && !moves.contains(&"e8g8".to_string()), "{moves:?}");
    let mut white = board.clone();
    white.play(board.parse_uci_move("a6b5").expect("legal"));
    let replies: Vec<String> = white.legal_moves().iter().map(|mv| mv.to_string()).collect();
    assert!(replies.contains(&"e1g1".to_string()) && !replies.contains(&"e1c1".to_string()), "{replies:?}");
}

const ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh09x.\0\t";

fn mutate(fen: &str, rng: &mut Xoshiro256PlusPlus) -> String {
    let mut bytes = fen.as_bytes().to_vec();
    for _ in 0..rng.gen_range(1..4) {
        let at = rng.gen_range(0..=bytes.len());
        let random_char = ALPHABET[rng.gen_range(0..ALPHABET.len())];
        match rng.gen_range(0..4) {
            0 if at < bytes.len() => bytes[at] = random_char,
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            2 => bytes.insert(at, random_char),
            _ => {
                let other = rng.gen_range(0..=bytes.len());
                bytes.truncate(at.max(other));
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn random_string(rng: &mut Xoshiro256PlusPlus) -> String {
    let length = rng.gen_range(0..100);
    (0..length)
        .map(|_| {
            if rng.gen_bool(0.9) {
                ALPHABET[rng.gen_range(0..ALPHABET.len())] as char
            } else {
                char::from_u32(rng.gen_range(0..0x2_0000)).unwrap_or('?')
            }
        })
        .collect()
}

/// A random placement of kings and pieces: most are rejected for one
/// reason or another, the rest exercise unusual legal positions.
fn random_placement_fen(rng: &mut Xoshiro256PlusPlus) -> String {
    let mut board = [' '; 64];
    for piece in "KkPPPppprnbqRNBQ".chars() {
        if rng.gen_bool(0.7) || piece.eq_ignore_ascii_case(&'k') {
            // Mostly keep pawns off the back ranks so more boards are legal.
            let squares = if piece.eq_ignore_ascii_case(&'p') && rng.gen_bool(0.9) { 8..56 } else { 0..64 };
            board[rng.gen_range(squares)] = piece;
        }
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                ' ' => empty += 1,
                piece => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(piece);
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let side = if rng.gen_bool(0.5) { "w" } else { "b" };
    let castling = ["-", "-", "-", "K", "Qk", "KQkq"][rng.gen_range(0..6)];
    let ep = ["-", "-", "-", "e3", "d6", "a6", "h3"][rng.gen_range(0..7)];
    format!("{fen} {side} {castling} {ep} {} {}", rng.gen_range(0..120), rng.gen_range(1..90))
}

#[test]
fn fuzzed_fens_never_panic_and_accepted_ones_round_trip() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xfe11);
    let seeds: Vec<String> = common::suite_positions().iter().map(|b| b.to_fen()).collect();
    let (mut accepted, mut total) = (0, 0);
    for round in 0..300_000 {
        let candidate = match round % 3 {
            0 => mutate(&seeds[rng.gen_range(0..seeds.len())], &mut rng),
            1 => random_placement_fen(&mut rng),
            _ => random_string(&mut rng),
        };
        total += 1;
        if let Ok(board) = Board::from_fen(&candidate) {
            accepted += 1;
            let printed = board.to_fen();
            let reparsed = Board::from_fen(&printed).unwrap_or_else(|e| panic!("{candidate} -> {printed}: {e}"));
            assert_eq!(reparsed, board, "{candidate}");
            assert_eq!(reparsed.to_fen(), printed);
            assert_eq!(board.hash(), board.compute_hash());
            // An accepted board must be safe to generate moves on.
            let _ = board.count_moves();
        }
    }
    assert!(accepted > 10_000, "only {accepted} of {total} fuzzed FENs were accepted");
}
