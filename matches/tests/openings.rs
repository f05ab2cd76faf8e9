//! Opening books from the repository's EPD and PGN files (data/openings).

use matches::openings::{load_openings, OpeningOrder, OpeningSettings};
use std::path::PathBuf;

fn book(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/openings").join(name)
}

fn settings(name: &str, order: OpeningOrder) -> OpeningSettings {
    OpeningSettings { path: book(name), order, seed: 7, start: 1, plies: None }
}

#[test]
fn the_books_load_completely() {
    let epd = load_openings(&settings("noob_3moves-2000.epd", OpeningOrder::Sequential)).expect("epd");
    let lines = std::fs::read_to_string(book("noob_3moves-2000.epd"))
        .expect("read")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .count();
    assert_eq!(epd.len(), lines);
    let pgn = load_openings(&settings("8moves_v3-2000.pgn", OpeningOrder::Sequential)).expect("pgn");
    assert_eq!(pgn.len(), 2000);
    // 8 moves each: 16 plies, and the first is 1. Nf3 d5 ...
    assert!(pgn.iter().all(|o| o.moves.len() == 16));
    assert_eq!(pgn[0].moves[0].to_string(), "g1f3");
}

#[test]
fn order_seed_start_and_plies_behave() {
    let sequential = load_openings(&settings("8moves_v3-2000.pgn", OpeningOrder::Sequential)).expect("pgn");
    let random = load_openings(&settings("8moves_v3-2000.pgn", OpeningOrder::Random)).expect("pgn");
    let again = load_openings(&settings("8moves_v3-2000.pgn", OpeningOrder::Random)).expect("pgn");
    assert_eq!(random, again, "same seed, same order");
    assert_ne!(random[..10], sequential[..10]);
    let from_third =
        load_openings(&OpeningSettings { start: 3, ..settings("8moves_v3-2000.pgn", OpeningOrder::Sequential) })
            .expect("pgn");
    assert_eq!(from_third[0], sequential[2]);
    let short =
        load_openings(&OpeningSettings { plies: Some(4), ..settings("8moves_v3-2000.pgn", OpeningOrder::Sequential) })
            .expect("pgn");
    assert!(short.iter().all(|o| o.moves.len() == 4));
}

#[test]
fn unreadable_or_broken_books_name_the_file() {
    let missing = load_openings(&settings("no_such_book.epd", OpeningOrder::Sequential)).expect_err("missing");
    assert!(missing.contains("no_such_book.epd"), "{missing}");
    let dir = std::env::temp_dir().join(format!("trappy-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.epd");
    std::fs::write(&bad, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nnot a fen\n").expect("write");
    let error =
        load_openings(&OpeningSettings { path: bad, ..settings("x", OpeningOrder::Sequential) }).expect_err("bad");
    assert!(error.contains("line 2"), "{error}");
    let past = load_openings(&OpeningSettings {
        start: 10_000_000,
        ..settings("noob_3moves-2000.epd", OpeningOrder::Sequential)
    });
    assert!(past.is_err());
}
