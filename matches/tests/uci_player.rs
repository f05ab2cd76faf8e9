//! External UCI players: a real trappy process, and fake engines that
//! crash, hang, play illegal moves or start slowly. Each failure is a loss
//! with its reason, and the player is restarted for the next game.

use matches::adjudication::AdjudicationRules;
use matches::game::{play_game, GameLabels, GameSettings, LimitSpec};
use matches::game_record::{GameResult, Termination};
use matches::openings::Opening;
use matches::player::Player;
use matches::uci_player::{UciEngineConfig, UciPlayer};
use movegen::Board;
use std::path::PathBuf;
use std::time::Duration;

fn fake(name: &str, args: &[&str]) -> UciPlayer {
    UciPlayer::new(UciEngineConfig {
        name: name.into(),
        command: PathBuf::from(env!("CARGO_BIN_EXE_fake_uci_engine")),
        args: args.iter().map(|a| a.to_string()).collect(),
        working_dir: None,
        options: vec![],
        startup_timeout: Duration::from_millis(500),
        move_timeout: Duration::from_millis(500),
        log: None,
    })
}

/// The engine binary cargo built beside this test: the test runs from
/// `<target dir>/<profile>/deps/`, wherever `CARGO_TARGET_DIR` put it, and
/// `cargo test --workspace` builds the engine package's `trappy` into
/// `<target dir>/<profile>/`.
fn trappy_binary() -> PathBuf {
    let test = std::env::current_exe().expect("the test's own path");
    let profile_dir = test.parent().and_then(|deps| deps.parent()).expect("<target>/<profile>/deps/<test>");
    let binary = profile_dir.join(format!("trappy{}", std::env::consts::EXE_SUFFIX));
    assert!(
        binary.is_file(),
        "{} is not built: run the workspace's tests (cargo test --workspace) or cargo build -p engine",
        binary.display()
    );
    binary
}

fn trappy() -> UciPlayer {
    let command = trappy_binary();
    UciPlayer::new(UciEngineConfig {
        name: "trappy".into(),
        command,
        args: vec![],
        working_dir: None,
        options: vec![("Hash".into(), "4".into()), ("Traps".into(), "off".into())],
        startup_timeout: Duration::from_secs(5),
        move_timeout: Duration::from_secs(10),
        log: None,
    })
}

fn play(white: &mut dyn Player, black: &mut dyn Player) -> (GameResult, Termination) {
    let labels = GameLabels { event: "t".into(), site: "t".into(), date: "2026.11.20".into(), round: "1".into() };
    let settings = GameSettings {
        adjudication: AdjudicationRules { max_moves: Some(40), ..AdjudicationRules::default() },
        time_margin: Duration::from_millis(50),
    };
    let opening = Opening { start: Board::startpos(), moves: vec![] };
    let game = play_game([white, black], [&LimitSpec::Depth(2), &LimitSpec::Depth(2)], &opening, &settings, &labels);
    (game.result, game.termination)
}

#[test]
fn fake_engines_fail_in_every_documented_way() {
    let cases = [
        (vec!["crash", "3"], Termination::Crash),
        (vec!["hang", "2"], Termination::Stall),
        (vec!["illegal", "2"], Termination::IllegalMove),
        (vec!["slow-start", "2000"], Termination::Crash),
    ];
    for (args, termination) in cases {
        let mut bad = fake("bad", &args);
        let mut good = fake("good", &["normal"]);
        assert_eq!(play(&mut good, &mut bad), (GameResult::WhiteWins, termination), "{args:?}");
        // The player restarts: the next game starts afresh.
        assert_eq!(play(&mut bad, &mut good).0, GameResult::BlackWins, "{args:?} second game");
    }
}

#[test]
fn a_missing_binary_is_a_start_failure_not_a_panic() {
    let mut missing = UciPlayer::new(UciEngineConfig {
        name: "missing".into(),
        command: PathBuf::from("/no/such/engine"),
        args: vec![],
        working_dir: None,
        options: vec![],
        startup_timeout: Duration::from_millis(200),
        move_timeout: Duration::from_millis(200),
        log: None,
    });
    let mut good = fake("good", &["normal"]);
    assert_eq!(play(&mut good, &mut missing), (GameResult::WhiteWins, Termination::Crash));
}

#[test]
fn a_real_trappy_process_plays_a_normal_game() {
    let mut white = trappy();
    let mut black = fake("first-legal-move", &["normal"]);
    let (result, termination) = play(&mut white, &mut black);
    // trappy at depth 2 beats a first-legal-move player or at worst draws.
    assert_ne!(result, GameResult::BlackWins, "{termination:?}");
}
