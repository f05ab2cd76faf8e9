//! The trappy root in a real game against the opponent it models: plain
//! minimax two plies shallower. Both engines are deterministic (fixed
//! depths, a fresh table per game), so the game is the same every run.

use matches::adjudication::AdjudicationRules;
use matches::game::{play_game, GameLabels, GameSettings, LimitSpec};
use matches::game_record::GameRecord;
use matches::in_process::InProcessPlayer;
use matches::openings::{load_openings, Opening, OpeningOrder, OpeningSettings};
use movegen::Board;
use std::time::Duration;

/// An opening of E1 (8moves_v3) in which trappy, with White, deviates from
/// the plain move to set a trap that the shallower engine walks into. A
/// change to the evaluation or the search changes the games, so this is
/// picked again then: the first such opening of `8moves_v3-2000.pgn`, which
/// `cargo test --release -p matches --test trappy_games -- --ignored` checks.
const OPENING: &str = "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5 h2h4 h7h5 c2c4 e7e6 b1c3 f8e7 d1b3 d8b6 c4c5 b6c7";

/// Trappy (White, depth 7) against plain minimax at depth 5, 40 moves.
fn play_e1_game(opening: &Opening) -> GameRecord {
    // Its opponent is a searching engine: the searched model, traps set
    // though the opponent is not rated.
    let mut trappy = InProcessPlayer::new("trappy", &[("Traps".into(), 1)], 16).expect("valid");
    trappy.set_opponent_model("search").expect("built in");
    let mut shallow = InProcessPlayer::new("shallow", &[("Traps".into(), 2)], 16).expect("valid");
    let settings = GameSettings {
        adjudication: AdjudicationRules { max_moves: Some(40), ..AdjudicationRules::default() },
        time_margin: Duration::from_millis(50),
    };
    let labels = GameLabels { event: "E1".into(), site: "test".into(), date: "2026.11.23".into(), round: "1".into() };
    play_game([&mut trappy, &mut shallow], [&LimitSpec::Depth(7), &LimitSpec::Depth(5)], opening, &settings, &labels)
}

/// Why the game does not show a sprung trap, if it does not.
fn missing_trap(game: &GameRecord) -> Option<String> {
    // Trappy's own moves: deviations whose trap the next move sprang.
    let sprung = (0..game.moves.len().saturating_sub(1)).any(|ply| {
        let record = &game.moves[ply].reply;
        record.trappy.as_ref().is_some_and(|choice| {
            choice.plain_move != record.mv && choice.trap_replies.contains(&game.moves[ply + 1].reply.mv)
        })
    });
    if !sprung {
        return Some("no deviation was sprung".into());
    }
    let [white, _] = game.trappy_counts();
    if !(white.differs > 0 && white.traps_fallen > 0 && white.predictions_played > 0) {
        return Some(format!("{white:?}"));
    }
    // The opponent model is the shallower engine itself, so it predicts
    // most of its replies.
    (2 * white.predictions_played <= white.predictions).then(|| format!("few predictions played: {white:?}"))
}

#[test]
fn trappy_deviates_to_set_a_trap_and_the_shallower_engine_falls_into_it() {
    let start = Board::startpos();
    let mut board = start.clone();
    let mut moves = vec![];
    for text in OPENING.split_whitespace() {
        let mv = board.parse_uci_move(text).expect("legal opening move");
        board.play(mv);
        moves.push(mv);
    }
    let game = play_e1_game(&Opening { start, moves });
    if let Some(reason) = missing_trap(&game) {
        panic!("{reason}: {}", matches::pgn_writer::write_pgn(&game));
    }
}

/// `OPENING` is what its comment says: the first opening of the book whose
/// game shows a sprung trap. After a change to the engine this fails and
/// names the opening to put there. Slow (it plays the book's games until
/// one shows a trap), so ignored.
#[test]
#[ignore]
fn the_opening_is_the_first_of_the_book_with_a_sprung_trap() {
    let settings = OpeningSettings {
        path: concat!(env!("CARGO_MANIFEST_DIR"), "/../data/openings/8moves_v3-2000.pgn").into(),
        order: OpeningOrder::Sequential,
        seed: 0,
        start: 1,
        plies: None,
    };
    let openings = load_openings(&settings).expect("the repository's book");
    let found = openings.iter().find(|opening| missing_trap(&play_e1_game(opening)).is_none());
    let found = found.expect("no opening of the book shows a sprung trap");
    let moves: Vec<String> = found.moves.iter().map(|mv| mv.to_string()).collect();
    assert_eq!(moves.join(" "), OPENING, "the first opening with a sprung trap has changed: put it in OPENING");
}
