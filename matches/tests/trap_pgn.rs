//! `trappy traps --pgn` read back by the harness's PGN reader (the one in
//! movegen, through `matches::pgn_reader`): each chapter starts from the
//! annotated position, plays the trap move and the tempting reply, and
//! draws them with the arrows and the marked square a study shows.

use engine::cli::trap_annotation::{annotate, AnnotatorSetup, MOST_CHAPTERS};
use engine::trappy::replies::ReplyModel;
use engine::tunables::Tunables;
use matches::pgn_reader::read_pgn;
use movegen::Board;

/// Legal's mate (data/traps.epd): White's Nxe5 invites ...Bxd1.
const LEGAL: &str = "rn1qkbnr/ppp2p1p/3p2p1/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5";

#[test]
fn the_traps_pgn_reads_back_with_its_moves_arrows_and_squares() {
    let board = Board::from_fen(LEGAL).expect("valid");
    let tunables = Tunables::default();
    let model = ReplyModel::Natural { temperature: tunables.trap_temperature };
    let setup = AnnotatorSetup {
        depth: 6,
        hash_mb: 8,
        tunables: &tunables,
        network: Some(engine::nnue::embedded_network()),
        model: &model,
    };
    let annotation = annotate(&board, &[], &setup);
    let pgn = annotation.to_pgn(false);
    let games = read_pgn(&pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    assert_eq!(games.len(), annotation.chapters(false).len(), "{pgn}");
    assert!(games.len() <= MOST_CHAPTERS && annotation.trap_moves() > MOST_CHAPTERS, "{pgn}");
    assert_eq!(read_pgn(&annotation.to_pgn(true)).expect("valid").len(), annotation.trap_moves());
    for (game, root) in games.iter().zip(annotation.chapters(false)) {
        assert_eq!(game.tag("FEN"), Some(LEGAL));
        assert_eq!(game.tag("SetUp"), Some("1"));
        assert!(game.tag("Annotator").is_some_and(|a| a.contains("the natural model")), "{pgn}");
        assert_eq!(game.result, "*");
        // The trap move, its likeliest losing reply, then the punishing line.
        assert_eq!(game.moves[0], root.mv, "{pgn}");
        assert_eq!(game.moves[1], root.traps[0].reply, "{pgn}");
        assert_eq!(game.moves[2..], root.traps[0].line[..], "{pgn}");
        let (ours, theirs) = (game.moves[0].to_string(), game.moves[1].to_string());
        let before = format!("{{[%cal G{ours},R{theirs}] [%csl R{}] White sets a trap", &theirs[2..4]);
        assert!(pgn.contains(&before), "{pgn}");
        let after_trap = game.comments[0].as_deref().unwrap_or_default();
        assert!(after_trap.starts_with("[%eval ") && after_trap.contains(&format!("[%cal R{theirs}]")));
        let after_reply = game.comments[1].as_deref().unwrap_or_default();
        assert!(after_reply.contains("the natural model plays it"), "{after_reply}");
    }
    // The trap the position is known for leads, mate in two from White's
    // side, and its line mates.
    assert_eq!(games[0].moves[0].to_string(), "f3e5", "{pgn}");
    assert_eq!(games[0].moves[1].to_string(), "g4d1", "{pgn}");
    assert!(games[0].comments[1].as_deref().is_some_and(|c| c.starts_with("[%eval #2]")), "{pgn}");
    assert!(pgn.contains("6. Bxf7+ Ke7 7. Nd5#"), "{pgn}");
}
