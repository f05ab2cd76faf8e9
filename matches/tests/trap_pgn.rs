//! `trappy traps --pgn` read back by the harness's own PGN reader: each
//! chapter starts from the annotated position, plays the trap move and the
//! tempting reply, and draws them with the arrows and the marked square a
//! study shows.

use engine::cli::traps::annotate;
use engine::tunables::Tunables;
use matches::pgn_reader::read_pgn;
use movegen::Board;

/// Legal's mate (data/traps.epd): White's Nxe5 invites ...Bxd1.
const LEGAL: &str = "rn1qkbnr/ppp2p1p/3p2p1/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5";

#[test]
fn the_traps_pgn_reads_back_with_its_moves_arrows_and_squares() {
    let board = Board::from_fen(LEGAL).expect("valid");
    let tunables = Tunables { trap_mode: 1, ..Tunables::default() };
    let annotation = annotate(&board, 6, 8, &tunables, Some(engine::nnue::embedded_network()));
    let pgn = annotation.to_pgn(&board);
    let games = read_pgn(&pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    let with_traps = annotation.root_moves.iter().filter(|root| !root.traps.is_empty()).count();
    assert_eq!(games.len(), with_traps, "{pgn}");
    for game in &games {
        assert_eq!(game.tag("FEN"), Some(LEGAL));
        assert_eq!(game.tag("SetUp"), Some("1"));
        assert_eq!(game.result, "*");
        assert_eq!(game.moves.len(), 2, "{pgn}");
        let (ours, theirs) = (game.moves[0].to_string(), game.moves[1].to_string());
        let root = annotation.root_moves.iter().find(|root| root.mv == game.moves[0]).expect("an annotated move");
        assert_eq!(root.traps[0].reply, game.moves[1], "the most profitable trap");
        let drawing = format!("[%cal R{theirs}] [%csl R{}]", &theirs[2..4]);
        let before = format!("{{[%cal G{ours},R{theirs}] [%csl R{}] Score", &theirs[2..4]);
        assert!(pgn.contains(&before), "{pgn}");
        let after_trap = game.comments[0].as_deref().unwrap_or_default();
        assert!(after_trap.starts_with(&drawing) && after_trap.contains("Tempting"), "{after_trap}");
        assert!(game.comments[1].as_deref().is_some_and(|c| c.starts_with("It ")), "{pgn}");
    }
    // The trap the position is known for is there, and the move the trappy
    // root plays comes first.
    let knight = games.iter().find(|g| g.moves[0].to_string() == "f3e5").expect("Nxe5's chapter");
    assert_eq!(knight.moves[1].to_string(), "g4d1", "{pgn}");
    if annotation.root_moves.iter().any(|root| root.mv == annotation.trappy_best && !root.traps.is_empty()) {
        assert_eq!(games[0].moves[0], annotation.trappy_best, "{pgn}");
    }
}
