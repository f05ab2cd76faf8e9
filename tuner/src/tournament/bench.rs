//! `tuner match --bench`: the harness's own throughput. Plain plays plain at
//! a fixed node count, first inside this process and then as two external
//! `trappy` processes driven over UCI, each at one game at a time and at two.
//! The ratios (in-process over external, two games over one) are the result;
//! absolute games per minute depend on the machine.

use matches::adjudication::AdjudicationRules;
use matches::game::{GameSettings, LimitSpec};
use matches::openings::{load_openings, OpeningOrder, OpeningSettings};
use matches::tournament::{run_tournament, Entrant, PairingScore, PlayerSpec, Tournament, TournamentKind};
use matches::uci_player::UciEngineConfig;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Nodes per move in every benchmark game.
pub const BENCH_NODES: u64 = 5_000;

pub struct BenchSettings {
    pub pairs: usize,
    pub openings: PathBuf,
    /// The engine binary for the external runs.
    pub engine: PathBuf,
}

/// The `trappy` binary next to this one (cargo builds both into one folder).
pub fn sibling_engine() -> PathBuf {
    let name = format!("trappy{}", std::env::consts::EXE_SUFFIX);
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(&name)))
        .unwrap_or_else(|| PathBuf::from(name))
}

struct RunResult {
    games: u64,
    seconds: f64,
    score: PairingScore,
}

impl RunResult {
    fn games_per_minute(&self) -> f64 {
        60.0 * self.games as f64 / self.seconds.max(1e-9)
    }
}

fn plain_player(name: &str, external: Option<&Path>) -> PlayerSpec {
    match external {
        None => PlayerSpec::InProcess {
            name: name.into(),
            overrides: vec![("Traps".into(), 2)],
            hash_mb: 16,
            threads: 1,
            eval_file: None,
            opponent_model: None,
        },
        Some(command) => PlayerSpec::Uci(UciEngineConfig {
            name: name.into(),
            command: command.to_path_buf(),
            args: Vec::new(),
            working_dir: None,
            options: vec![("Hash".into(), "16".into()), ("Traps".into(), "off".into())],
            startup_timeout: Duration::from_secs(10),
            move_timeout: Duration::from_secs(30),
            log: None,
        }),
    }
}

fn timed_run(settings: &BenchSettings, external: bool, concurrency: usize) -> Result<RunResult, String> {
    let openings = load_openings(&OpeningSettings {
        path: settings.openings.clone(),
        order: OpeningOrder::Sequential,
        seed: 0,
        start: 1,
        plies: None,
    })?;
    let journal = std::env::temp_dir().join(format!(
        "trappy-bench-{}-{}-{concurrency}.jsonl",
        std::process::id(),
        if external { "uci" } else { "in" }
    ));
    let _ = std::fs::remove_file(&journal);
    let engine = external.then_some(settings.engine.as_path());
    let tournament = Tournament {
        entrants: ["plain-a", "plain-b"]
            .iter()
            .map(|name| Entrant {
                spec: plain_player(name, engine),
                limit: LimitSpec::Nodes(BENCH_NODES),
                described: None,
                told: true,
            })
            .collect(),
        kind: TournamentKind::HeadToHead,
        openings,
        pairs_per_pairing: settings.pairs,
        concurrency,
        settings: GameSettings {
            adjudication: AdjudicationRules { resign: None, draw: None, max_moves: Some(200) },
            time_margin: Duration::from_millis(100),
        },
        event: "throughput bench".into(),
        date: String::new(),
        journal: journal.clone(),
        pgn: None,
        odds: None,
    };
    let started = Instant::now();
    let outcome = run_tournament(&tournament, |_| false);
    let seconds = started.elapsed().as_secs_f64();
    let _ = std::fs::remove_file(&journal);
    let score = outcome?.remove(&(0, 1)).unwrap_or_default();
    let games = score.games.wins + score.games.draws + score.games.losses;
    let failures: u64 = ["crash", "stall", "illegal move", "time forfeit"]
        .iter()
        .filter_map(|name| score.terminations.get(*name))
        .sum();
    if failures > 0 {
        return Err(format!("{failures} games ended by an engine failure: {:?}", score.terminations));
    }
    Ok(RunResult { games, seconds, score })
}

/// Runs the four configurations and returns the report.
pub fn run_bench(settings: &BenchSettings, mut progress: impl FnMut(&str)) -> Result<String, String> {
    if !settings.engine.is_file() {
        return Err(format!(
            "engine binary {} not found: build it first with `cargo build --release -p engine`",
            settings.engine.display()
        ));
    }
    let mut report = format!(
        "throughput: plain vs plain, {BENCH_NODES} nodes per move, {} games per run, engine {}\n",
        2 * settings.pairs,
        settings.engine.display()
    );
    let mut results = Vec::new();
    for (external, concurrency) in [(false, 1), (false, 2), (true, 1), (true, 2)] {
        let label = format!("{:<12} concurrency {concurrency}", if external { "external UCI" } else { "in-process" });
        progress(&label);
        let run = timed_run(settings, external, concurrency)?;
        report += &format!(
            "{label}: {:>4} games in {:>6.1} s = {:>7.1} games/min  (+{} ={} -{})\n",
            run.games,
            run.seconds,
            run.games_per_minute(),
            run.score.games.wins,
            run.score.games.draws,
            run.score.games.losses
        );
        results.push(run);
    }
    let rate = |index: usize| results[index].games_per_minute();
    report += &format!("scaling 2 vs 1: in-process {:.2}x, external {:.2}x\n", rate(1) / rate(0), rate(3) / rate(2));
    report += &format!(
        "in-process / external: concurrency 1 {:.2}x, concurrency 2 {:.2}x\n",
        rate(0) / rate(2),
        rate(1) / rate(3)
    );
    // Node-limited searches from a cleared table are deterministic, so the
    // two drivers should have played the very same games.
    let same = results[0].score.games == results[2].score.games;
    report += &format!("in-process and external results identical: {}", if same { "yes" } else { "no" });
    Ok(report)
}
