//! Tournaments end to end with in-process players: schedules, concurrency,
//! journal and PGN, and resuming after a kill with no game lost or counted
//! twice.

use matches::adjudication::AdjudicationRules;
use matches::game::{GameSettings, LimitSpec};
use matches::journal::read_journal;
use matches::openings::Opening;
use matches::pgn_reader::read_pgn;
use matches::tournament::{
    oversubscription, pairings, run_tournament, schedule, Entrant, PlayerSpec, Tournament, TournamentKind,
};
use movegen::Board;
use std::path::PathBuf;
use std::time::Duration;

/// An in-process entrant with `Traps` at `traps` (1 on, 2 off).
fn entrant(name: &str, traps: i64) -> Entrant {
    Entrant {
        spec: PlayerSpec::InProcess {
            name: name.into(),
            overrides: vec![("Traps".into(), traps)],
            hash_mb: 2,
            threads: 1,
            eval_file: None,
            opponent_model: None,
        },
        limit: LimitSpec::Depth(2),
        described: None,
        told: true,
    }
}

fn openings() -> Vec<Opening> {
    ["e2e4", "d2d4", "c2c4", "g1f3"]
        .iter()
        .map(|text| {
            let start = Board::startpos();
            let mv = start.parse_uci_move(text).expect("legal");
            Opening { start, moves: vec![mv] }
        })
        .collect()
}

fn temp(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("trappy-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn tournament(journal: PathBuf, pgn: Option<PathBuf>) -> Tournament {
    Tournament {
        entrants: vec![entrant("trappy", 1), entrant("plain", 2)],
        kind: TournamentKind::HeadToHead,
        openings: openings(),
        pairs_per_pairing: 6,
        concurrency: 2,
        settings: GameSettings {
            adjudication: AdjudicationRules { max_moves: Some(30), ..AdjudicationRules::default() },
            time_margin: Duration::from_millis(50),
        },
        event: "test".into(),
        date: "2026.11.20".into(),
        journal,
        pgn,
        odds: None,
    }
}

#[test]
fn schedules_pair_every_opening_with_both_colours() {
    assert_eq!(pairings(TournamentKind::Gauntlet, 4), vec![(0, 1), (0, 2), (0, 3)]);
    assert_eq!(pairings(TournamentKind::RoundRobin, 4).len(), 6);
    assert_eq!(
        pairings(TournamentKind::Pool { candidates: 2, head_to_head: true }, 5),
        vec![(0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (0, 1)]
    );
    assert_eq!(pairings(TournamentKind::Pool { candidates: 2, head_to_head: false }, 3), vec![(0, 2), (1, 2)]);
    let t = tournament(temp("unused"), None);
    let games = schedule(&t);
    assert_eq!(games.len(), 12);
    for pair in games.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening);
        assert!(pair[0].first_is_white && !pair[1].first_is_white);
    }
}

#[test]
fn a_head_to_head_fills_journal_pgn_and_pentanomial_counts() {
    let (journal, pgn) = (temp("h2h.jsonl"), temp("h2h.pgn"));
    let scores = run_tournament(&tournament(journal.clone(), Some(pgn.clone())), |_| false).expect("runs");
    let score = &scores[&(0, 1)];
    let games = score.games.wins + score.games.draws + score.games.losses;
    assert_eq!(games, 12);
    let p = score.pairs;
    assert_eq!(p.ll + p.ld + p.dd_wl + p.wd + p.ww, 6);
    assert_eq!(read_journal(&journal).expect("journal").len(), 12);
    let text = std::fs::read_to_string(&pgn).expect("pgn");
    let games_read = read_pgn(&text).expect("our PGN reads back");
    assert_eq!(games_read.len(), 12);
    assert_eq!(score.terminations.values().sum::<u64>(), 12);
}

#[test]
fn resuming_after_a_kill_loses_and_duplicates_nothing() {
    let journal = temp("resume.jsonl");
    run_tournament(&tournament(journal.clone(), None), |_| false).expect("first run");
    // Simulate kill -9 after five games (and the layout line), in the
    // middle of writing a sixth.
    let text = std::fs::read_to_string(&journal).expect("journal");
    let mut kept: String = text.lines().take(6).map(|l| format!("{l}\n")).collect();
    kept.push_str("{\"game\":7,\"white\":\"pla");
    std::fs::write(&journal, kept).expect("truncate");
    let mut played_now = 0;
    let scores = run_tournament(&tournament(journal.clone(), None), |progress| {
        if progress.last.is_some() {
            played_now += 1;
        }
        false
    })
    .expect("resumed");
    assert_eq!(played_now, 7);
    let entries = read_journal(&journal).expect("journal");
    let mut indices: Vec<usize> = entries.iter().map(|e| e.game).collect();
    indices.sort();
    assert_eq!(indices, (0..12).collect::<Vec<_>>());
    let s = &scores[&(0, 1)];
    assert_eq!(s.games.wins + s.games.draws + s.games.losses, 12);
}

#[test]
fn a_stop_request_ends_the_run_early() {
    let journal = temp("stop.jsonl");
    let scores = run_tournament(&tournament(journal.clone(), None), |progress| progress.finished >= 3).expect("runs");
    let s = &scores[&(0, 1)];
    let played = s.games.wins + s.games.draws + s.games.losses;
    // A worker gets a new game only once its last result is in, so when
    // the third result stops the run, two games were handed out after the
    // first two results and one of them is still running: it finishes and
    // counts, and nothing else starts. However fast the games: exactly 4.
    assert_eq!(played, 4);
    assert_eq!(read_journal(&journal).expect("journal").len() as u64, played);
}

#[test]
fn pairing_scores_add_up_over_opponents() {
    use matches::game_record::TrappyCounts;
    use matches::stats::{Pentanomial, Trinomial};
    use matches::tournament::PairingScore;
    let one = PairingScore {
        games: Trinomial { wins: 3, draws: 2, losses: 1 },
        pairs: Pentanomial { ll: 0, ld: 1, dd_wl: 1, wd: 0, ww: 1 },
        terminations: [("checkmate".to_string(), 4)].into_iter().collect(),
        trappy: [
            TrappyCounts { moves: 10, differs: 1, traps_set: 2, traps_fallen: 1, ..Default::default() },
            TrappyCounts::default(),
        ],
    };
    let mut total = one.clone();
    total.absorb(&one);
    assert_eq!(total.games, Trinomial { wins: 6, draws: 4, losses: 2 });
    assert_eq!(total.pairs, Pentanomial { ll: 0, ld: 2, dd_wl: 2, wd: 0, ww: 2 });
    assert_eq!(total.terminations["checkmate"], 8);
    assert_eq!(
        total.trappy[0],
        TrappyCounts { moves: 20, differs: 2, traps_set: 4, traps_fallen: 2, ..Default::default() }
    );
}

#[test]
fn an_engine_that_cannot_start_stops_the_run_before_any_game() {
    use matches::uci_player::UciEngineConfig;
    for (command, args) in [("/nonexistent/engine", vec![]), ("/bin/false", vec![]), ("/bin/sh", vec!["-c", "exit 3"])]
    {
        let journal = temp("cannot-start.jsonl");
        let mut t = tournament(journal.clone(), None);
        t.entrants[1] = Entrant {
            spec: PlayerSpec::Uci(UciEngineConfig {
                name: "ghost".into(),
                command: PathBuf::from(command),
                args: args.iter().map(|a| a.to_string()).collect(),
                working_dir: None,
                options: vec![],
                startup_timeout: Duration::from_secs(2),
                move_timeout: Duration::from_secs(2),
                log: None,
            }),
            limit: LimitSpec::Depth(2),
            described: None,
            told: true,
        };
        let error = run_tournament(&t, |_| false).expect_err("refused");
        assert!(error.starts_with(&format!("cannot start engine ghost ({command}): ")), "{error}");
        assert!(read_journal(&journal).expect("journal").is_empty(), "a game was scored");
    }
}

#[test]
fn resuming_a_finished_journal_plays_nothing_and_returns() {
    let journal = temp("finished.jsonl");
    let first = run_tournament(&tournament(journal.clone(), None), |_| false).expect("runs");
    let again = run_tournament(&tournament(journal.clone(), None), |_| false).expect("returns at once");
    assert_eq!(first, again);
    assert_eq!(read_journal(&journal).expect("journal").len(), 12);
}

#[test]
fn the_engine_log_holds_every_line_both_ways_and_stderr() {
    use matches::engine_log::EngineLog;
    use matches::uci_player::UciEngineConfig;
    let journal = temp("logged.jsonl");
    let log_path = temp("engines.log");
    let log = EngineLog::open(&log_path).expect("log opens");
    let mut t = tournament(journal, None);
    t.pairs_per_pairing = 1;
    t.entrants[1] = Entrant {
        spec: PlayerSpec::Uci(UciEngineConfig {
            name: "fake".into(),
            command: PathBuf::from(env!("CARGO_BIN_EXE_fake_uci_engine")),
            args: vec!["normal".into()],
            working_dir: None,
            options: vec![("Hash".into(), "1".into())],
            startup_timeout: Duration::from_secs(5),
            move_timeout: Duration::from_secs(5),
            log: Some(log),
        }),
        limit: LimitSpec::Depth(2),
        described: None,
        told: true,
    };
    run_tournament(&t, |_| false).expect("runs");
    let text = std::fs::read_to_string(&log_path).expect("log written");
    let lines: Vec<&str> = text.lines().collect();
    // Every line: timestamp, engine name with its process id, direction, text.
    for line in &lines {
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        assert!(fields.len() >= 4 && fields[0].contains('T') && fields[1] == "UTC", "{line}");
        assert!(fields[2].starts_with("fake(") && fields[2].ends_with(')'), "{line}");
        assert!([">", "<", "!"].contains(&fields[3]), "{line}");
    }
    for expected in [
        "> uci",
        "< uciok",
        "! fake engine (normal) starting",
        "> setoption name Hash value 1",
        "> isready",
        "< readyok",
        "> ucinewgame",
        "> position ",
        "> go depth 2",
        "< bestmove ",
    ] {
        assert!(lines.iter().any(|l| l.contains(&format!(") {expected}"))), "no '{expected}' in\n{text}");
    }
    // One game per colour: two searches at least, each answered.
    let goes = lines.iter().filter(|l| l.contains(") > go ")).count();
    let answers = lines.iter().filter(|l| l.contains(") < bestmove ")).count();
    assert!(goes >= 2 && goes == answers, "{goes} go, {answers} bestmove");
}

#[test]
fn a_player_giving_odds_starts_every_game_a_rook_short_with_either_colour() {
    use matches::odds::{Odds, OddsPiece};
    use movegen::{Color, Piece};
    let (journal, pgn) = (temp("odds.jsonl"), temp("odds.pgn"));
    let mut t = tournament(journal, Some(pgn.clone()));
    t.pairs_per_pairing = 2;
    t.odds = Some(Odds { pieces: vec![OddsPiece::Rook], players: vec![0] });
    run_tournament(&t, |_| false).expect("runs");
    let games = read_pgn(&std::fs::read_to_string(&pgn).expect("pgn")).expect("readable");
    assert_eq!(games.len(), 4);
    for game in &games {
        let tag = |name: &str| game.tags.iter().find(|(key, _)| key == name).map(|(_, value)| value.clone());
        let fen = tag("FEN").expect("an odds game names its start position");
        assert_eq!(Board::from_fen(&fen).map(|b| b.to_fen()), Ok(game.start.to_fen()));
        // "trappy" (entrant 0) gives the rook: the a-side one, castling with it gone.
        let short = if tag("White").as_deref() == Some("trappy") { Color::White } else { Color::Black };
        let rooks = |color| game.start.colored(Piece::Rook, color).count();
        assert_eq!((rooks(short), rooks(!short)), (1, 2), "{fen}");
        let castling = fen.split_whitespace().nth(2).expect("castling field");
        assert!(!castling.contains(if short == Color::White { 'Q' } else { 'q' }), "{fen}");
    }
    // A tournament whose openings cannot all be played at these odds is
    // refused before any game.
    let mut unplayable = tournament(temp("odds-bad.jsonl"), None);
    let bare = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").expect("valid");
    unplayable.openings.push(Opening { start: bare, moves: vec![] });
    unplayable.odds = Some(Odds { pieces: vec![OddsPiece::Rook], players: vec![0] });
    let error = run_tournament(&unplayable, |_| false).expect_err("refused");
    assert!(error.contains("1 openings cannot be played at rook odds"), "{error}");
}

#[test]
fn a_match_that_needs_more_cores_than_the_machine_has_is_warned_of() {
    let mut two_threads = entrant("trappy", 1);
    let PlayerSpec::InProcess { threads, .. } = &mut two_threads.spec else { panic!("in process") };
    *threads = 2;
    let entrants = [entrant("plain", 2), two_threads];
    assert_eq!(oversubscription(&entrants[..1], 2, 2), None, "one game per core");
    assert_eq!(oversubscription(&entrants, 1, 2), None, "one game of two threads on two cores");
    let warning = oversubscription(&entrants, 2, 2).expect("four threads on two cores");
    assert!(warning.contains("2 games at a time") && warning.contains("2 threads") && warning.contains("2 cores"));
}
