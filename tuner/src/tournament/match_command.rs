//! `tuner match [CONFIG] [--resume]`: runs a tournament with a progress bar,
//! stops early when an SPRT bound is crossed, and prints the report.

use crate::config::match_config::{load_match_config, parse_overridden_config, MatchPlan};
use crate::tournament::bench::{run_bench, sibling_engine, BenchSettings};
use crate::tournament::overrides::MatchOverrides;
use crate::tournament::progress::MatchProgress;
use crate::tournament::report::{journal_report, write_elo_chart};
use clap::Args;
use engine::cli::output::emit;
use indicatif::ProgressBar;
use matches::journal::read_journal;
use matches::stats::{sprt, SprtDecision};
use matches::tournament::{run_tournament, PairingScore};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The embedded default: trappy and plain paired against one fallible
/// opponent (see configs/default.toml).
pub const DEFAULT_CONFIG: &str = include_str!("../../../configs/default.toml");

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Tournament config (TOML); the embedded default when absent
    pub config: Option<PathBuf>,
    /// Continue from the journal of an interrupted run
    #[arg(long)]
    pub resume: bool,
    /// Measure the harness's throughput instead (in-process against external
    /// UCI, one game at a time against two); CONFIG is not used
    #[arg(long, conflicts_with_all = ["config", "resume"])]
    pub bench: bool,
    /// Game pairs per benchmark run
    #[arg(long, default_value_t = 24, requires = "bench")]
    pub bench_pairs: usize,
    /// Opening file for the benchmark
    #[arg(long, default_value = "data/openings/8moves_v3-2000.pgn", requires = "bench")]
    pub bench_openings: PathBuf,
    /// The engine binary the external runs start (default: `trappy` beside `tuner`)
    #[arg(long, requires = "bench")]
    pub bench_engine: Option<PathBuf>,
    #[command(flatten)]
    pub overrides: MatchOverrides,
    /// Without a terminal: print the Elo and SPRT status every this many games
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub status_every: u64,
}

/// Today's date as YYYY.MM.DD (UTC).
fn today() -> String {
    matches::calendar::pgn_date(std::time::SystemTime::now())
}

pub fn run_match(args: &MatchArgs) -> Result<String, String> {
    if args.bench {
        let settings = BenchSettings {
            pairs: args.bench_pairs.max(1),
            openings: args.bench_openings.clone(),
            engine: args.bench_engine.clone().unwrap_or_else(sibling_engine),
        };
        let spinner = ProgressBar::new_spinner();
        spinner.enable_steady_tick(std::time::Duration::from_millis(200));
        let report = run_bench(&settings, |label| spinner.set_message(format!("benchmark: {label}")));
        spinner.finish_and_clear();
        return report;
    }
    let MatchPlan { mut tournament, sprt: sprt_config, skipped, notes, not_installed, chart } = match &args.config {
        Some(path) => load_match_config(path, &args.overrides)?,
        None => parse_overridden_config(DEFAULT_CONFIG, &args.overrides, Path::new(""))
            .map_err(|e| format!("embedded default: {e}"))?,
    };
    if !not_installed.is_empty() {
        return Err(not_installed.join("\n"));
    }
    tournament.date = today();
    if args.config.is_none() && !args.resume {
        // The demonstration starts afresh each time it is run.
        for file in std::iter::once(&tournament.journal).chain(tournament.pgn.as_ref()) {
            let _ = std::fs::remove_file(file);
        }
    }
    let journaled = read_journal(&tournament.journal)?;
    if !journaled.is_empty() && !args.resume {
        return Err(format!(
            "journal {} already holds {} games: pass --resume to continue it, or delete it to start over",
            tournament.journal.display(),
            journaled.len()
        ));
    }
    if let Some(dir) = tournament.journal.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let names: Vec<String> = tournament.entrants.iter().map(|e| e.spec.name().to_string()).collect();
    let journal = tournament.journal.clone();
    crate::support::interrupt::on_interrupt(move || {
        let report = journal_report(&journal).unwrap_or_else(|e| format!("(no report: {e})"));
        format!(
            "{report}
resume with: {}",
            crate::support::interrupt::resume_command()
        )
    });
    let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
    if let Some(warning) = matches::tournament::oversubscription(&tournament.entrants, tournament.concurrency, cores) {
        eprintln!("{warning}");
    }
    for line in matches::tournament::opponent_models(&tournament)? {
        emit(&line);
    }
    let mut shown = MatchProgress::new(names, args.status_every as usize, sprt_config.clone())?;
    let mut verdict = None;
    let scores: BTreeMap<(usize, usize), PairingScore> = run_tournament(&tournament, |progress| {
        verdict = shown.update(progress);
        verdict.is_some()
    })?;
    shown.finish();
    let mut report = journal_report(&tournament.journal)? + "\n";
    if let Some(plan) = &sprt_config {
        let config = &plan.config;
        let test = verdict.unwrap_or_else(|| sprt(&plan.sample(&scores), config));
        let decision = match test.decision {
            Some(SprtDecision::AcceptH1) => "H1 accepted",
            Some(SprtDecision::AcceptH0) => "H0 accepted",
            None => "no decision",
        };
        report += &format!(
            "SPRT [{}, {}] on {}: LLR {:.2} ({:.2}, {:.2}) {decision}\n",
            config.elo0, config.elo1, plan.label, test.llr, test.lower_bound, test.upper_bound
        );
    }
    for name in &skipped {
        report += &format!("left out: {name} (optional, its program is not installed)\n");
    }
    for note in &notes {
        report += &format!("{note}\n");
    }
    write_elo_chart(&tournament.journal, &chart)?;
    report += &format!("journal: {}\nchart: {}", tournament.journal.display(), chart.display());
    if let Some(pgn) = &tournament.pgn {
        report += &format!("\npgn: {}", pgn.display());
    }
    Ok(report)
}
