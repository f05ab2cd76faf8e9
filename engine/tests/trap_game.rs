//! `trappy traps --game`: a game's traps, set, sprung, avoided and missed,
//! marked in a PGN that reads back with the game's own moves.

use engine::cli::trap_annotation::AnnotatorSetup;
use engine::cli::trap_game::{annotate_game, TrapCount};
use engine::trappy::replies::ReplyModel;
use engine::tunables::Tunables;
use movegen::read_pgn;

/// Legal's mate as played: White sets it with Nxe5, Black takes the queen.
const LEGAL_SPRUNG: &str = "[Event \"Legal\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0\n";

/// The same opening, where White plays on quietly and Black takes back
/// nothing: the trap White could have set.
const LEGAL_MISSED: &str = "[Event \"Quiet\"]\n[Result \"*\"]\n\n\
1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. d3 Nc6 *\n";

fn annotated(pgn: &str) -> (String, [TrapCount; 2]) {
    let games = read_pgn(pgn).expect("a valid game");
    let tunables = Tunables::default();
    let model = ReplyModel::Natural { temperature: tunables.trap_temperature };
    let setup = AnnotatorSetup {
        depth: 5,
        hash_mb: 16,
        tunables: &tunables,
        network: Some(engine::nnue::embedded_network()),
        model: &model,
    };
    annotate_game(&games[0], &setup, "natural")
}

#[test]
fn a_sprung_trap_is_marked_where_it_was_set_and_where_it_was_sprung() {
    let (pgn, counts) = annotated(LEGAL_SPRUNG);
    assert!(counts[0].set >= 1 && counts[0].sprung == 1, "{counts:?}\n{pgn}");
    let games = read_pgn(&pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    let original = read_pgn(LEGAL_SPRUNG).expect("valid");
    assert_eq!(games[0].moves, original[0].moves, "the game's own moves");
    assert_eq!(games[0].tag("White"), Some("A"));
    assert_eq!(games[0].result, "1-0");
    let annotator = games[0].tag("Annotator").expect("an Annotator tag");
    assert!(annotator.contains("the natural model"), "{annotator}");
    // 5. Nxe5 (the ninth move) sets it, drawn; 5... Bxd1 (the tenth) falls in.
    let set = games[0].comments[8].as_deref().unwrap_or_default();
    assert!(set.starts_with("[%cal Gf3e5,Rg4d1] [%csl Rd1] White sets a trap: Bxd1"), "{set}");
    let sprung = games[0].comments[9].as_deref().unwrap_or_default();
    assert!(sprung.contains("Black falls into the trap: it walks into mate in 2"), "{sprung}");
    assert!(pgn.contains("5. Nxe5 $5") && pgn.contains("5... Bxd1 $4"), "{pgn}");
}

#[test]
fn a_trap_the_player_could_have_set_is_given_as_a_variation() {
    let (pgn, counts) = annotated(LEGAL_MISSED);
    assert_eq!(counts[0].could_have, 1, "{counts:?}\n{pgn}");
    assert!(pgn.contains("White could have set a trap: Nxe5"), "{pgn}");
    assert!(pgn.contains("(5. Nxe5 {"), "{pgn}");
    let games = read_pgn(&pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    assert_eq!(games[0].moves, read_pgn(LEGAL_MISSED).expect("valid")[0].moves);
}
