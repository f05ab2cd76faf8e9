//! A human-move network in a tournament, in process: a small network this
//! test writes (its policy prefers pawn steps of one square), against the
//! engine; a network file that cannot be read, refused before any game;
//! and the model a told engine takes from a folder of rated networks.

use engine::lc0::writer::{gzipped, net_bytes, NetSpec};
use engine::opponent::OpponentInfo;
use matches::adjudication::AdjudicationRules;
use matches::game::{GameSettings, LimitSpec};
use matches::journal::read_journal;
use matches::network_player::NetworkSpec;
use matches::openings::Opening;
use matches::pgn_reader::read_pgn;
use matches::tournament::{opponent_models, run_tournament, Entrant, PlayerSpec, Tournament, TournamentKind};
use movegen::Board;
use std::path::PathBuf;
use std::time::Duration;

/// A path in this run's own folder: networks written loose in the system's
/// temporary folder would be found by any binary run from there, as its
/// opponent model.
fn temp(name: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("trappy-network-player-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp dir");
    let path = folder.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// One square north scores 4, everything else 0.
fn pawn_stepper() -> PathBuf {
    let path = temp("stepper.pb.gz");
    std::fs::write(&path, gzipped(&net_bytes(&NetSpec::plane_logits(&[(0, 4.0)])))).expect("write network");
    path
}

fn tournament(network: PathBuf, journal: PathBuf, pgn: Option<PathBuf>) -> Tournament {
    let network = Entrant {
        spec: PlayerSpec::Network(NetworkSpec { name: "stepper".into(), path: network, temperature: 0.0, seed: 1 }),
        limit: LimitSpec::Nodes(1),
        described: None,
        told: true,
    };
    let engine = Entrant {
        spec: PlayerSpec::InProcess {
            name: "engine".into(),
            overrides: vec![],
            hash_mb: 2,
            threads: 1,
            eval_file: None,
            opponent_model: None,
        },
        limit: LimitSpec::Depth(1),
        described: None,
        told: true,
    };
    Tournament {
        entrants: vec![network, engine],
        kind: TournamentKind::HeadToHead,
        openings: vec![Opening { start: Board::startpos(), moves: vec![] }],
        pairs_per_pairing: 1,
        concurrency: 1,
        settings: GameSettings {
            adjudication: AdjudicationRules { max_moves: Some(20), ..AdjudicationRules::default() },
            time_margin: Duration::from_millis(50),
        },
        event: "network".into(),
        date: "2026.11.27".into(),
        journal,
        pgn,
        odds: None,
    }
}

#[test]
fn a_network_plays_a_pair_in_process_as_its_policy_says() {
    let (journal, pgn) = (temp("games.jsonl"), temp("games.pgn"));
    let plan = tournament(pawn_stepper(), journal.clone(), Some(pgn.clone()));
    run_tournament(&plan, |_| false).expect("the pair is played");
    let entries = read_journal(&journal).expect("journal");
    assert_eq!(entries.len(), 2);
    let games = read_pgn(&std::fs::read_to_string(&pgn).expect("pgn")).expect("readable PGN");
    assert_eq!(games.len(), 2);
    // With White, the network opens with a one-square pawn step (the a-pawn:
    // ties go to the first move generated); no game ends by an error.
    let white_is = |game: &&matches::pgn_reader::PgnGame| game.tags.iter().any(|(k, v)| k == "White" && v == "stepper");
    let first = &games.iter().find(white_is).expect("a game with White").moves[0];
    assert_eq!(first.to_string(), "a2a3");
    assert!(entries.iter().all(|e| !e.termination.name().contains("error")), "{entries:?}");
}

#[test]
fn a_network_that_cannot_be_read_stops_the_run_before_any_game() {
    let broken = temp("broken.pb.gz");
    std::fs::write(&broken, b"not a network").expect("write");
    let journal = temp("broken.jsonl");
    let error = run_tournament(&tournament(broken, journal.clone(), None), |_| false).expect_err("refused");
    assert!(error.contains("stepper") && error.contains("broken.pb.gz"), "{error}");
    assert!(read_journal(&journal).map_or(true, |entries| entries.is_empty()));
}

#[test]
fn the_harness_names_the_model_each_told_engine_uses_against_each_opponent() {
    // A folder of two rated networks (as discovery or an `opponent_model`
    // folder finds them), an engine that takes the one nearest its
    // opponent, and a baseline that is told nothing.
    let folder = temp("models");
    std::fs::create_dir_all(&folder).expect("temp dir");
    for elo in [1100, 1500] {
        let bytes = gzipped(&net_bytes(&NetSpec::plane_logits(&[(0, 1.0)])));
        std::fs::write(folder.join(format!("maia-{elo}.pb.gz")), bytes).expect("write network");
    }
    // A file that is no network: passed over, and named with the reason.
    let junk = folder.join("maia-1700.pb.gz");
    std::fs::write(&junk, b"not a network").expect("write");
    let mut plan = tournament(pawn_stepper(), temp("models.jsonl"), None);
    plan.entrants[0].described = Some(OpponentInfo::parse("none 1200 human stepper").expect("valid"));
    let PlayerSpec::InProcess { opponent_model, .. } = &mut plan.entrants[1].spec else { panic!("in process") };
    *opponent_model = Some(folder.to_string_lossy().into_owned());
    let mut untold = plan.entrants[1].clone();
    untold.told = false;
    plan.entrants.push(untold);
    plan.kind = TournamentKind::Gauntlet;
    let lines = opponent_models(&plan).expect("the players build");
    assert_eq!(
        lines,
        [
            "engine against stepper: opponent model maia-1100 (rated 1100, of 2 networks, for an opponent rated 1200)"
                .to_string(),
            format!(
                "engine: skipped network {}: not an lc0 network (no lc0 magic number: the file starts with neither \
                 gzip's magic nor lc0's)",
                junk.display()
            )
        ]
    );
    // Told a computer near its own strength, it sets no traps and names no model.
    plan.entrants[0].described = Some(OpponentInfo::parse("none 2350 computer stepper").expect("valid"));
    assert!(opponent_models(&plan).expect("the players build").is_empty());
    let _ = std::fs::remove_dir_all(&folder);
}
