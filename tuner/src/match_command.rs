//! `tuner match [CONFIG] [--resume]`: runs a tournament with a progress bar,
//! stops early when an SPRT bound is crossed, and prints the report.

use crate::bench_command::{run_bench, sibling_engine, BenchSettings};
use crate::match_config::{load_match_config, parse_match_config, MatchPlan};
use crate::match_overrides::MatchOverrides;
use crate::match_progress::MatchProgress;
use crate::report_command::{journal_report, write_elo_chart};
use clap::Args;
use indicatif::ProgressBar;
use matches::journal::read_journal;
use matches::stats::{compare_paired, estimate, sprt, why_elo_undefined, Sample, SprtDecision};
use matches::tournament::{paired_scores, run_tournament, schedule, PairingScore, Tournament, TournamentKind};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The embedded default: a small gauntlet (see configs/default.toml).
pub const DEFAULT_CONFIG: &str = include_str!("../../configs/default.toml");

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

pub(crate) fn pairing_line(names: &[String], pairing: (usize, usize), score: &PairingScore) -> String {
    let sample = Sample::Pentanomial(score.pairs);
    let games = Sample::Trinomial(score.games);
    let used = if score.pairs.ll + score.pairs.ld + score.pairs.dd_wl + score.pairs.wd + score.pairs.ww > 0 {
        sample
    } else {
        games
    };
    let mut line = format!(
        "{} vs {}: +{} ={} -{}",
        names[pairing.0], names[pairing.1], score.games.wins, score.games.draws, score.games.losses
    );
    match estimate(&used) {
        Some(e) if why_elo_undefined(&e).is_some() => {
            line += &format!("  Elo undefined ({})", why_elo_undefined(&e).unwrap_or_default());
        }
        Some(e) if e.elo_error == 0.0 => {
            // Every pair scored the same: a point estimate without an error.
            // Adding 0.0 turns a negative zero into a plain one.
            line += &format!("  Elo {:+.1} (no error bar: every pair scored the same)", e.elo + 0.0);
        }
        Some(e) => {
            line += &format!(
                "  Elo {:+.1} +/- {:.1}  nElo {:+.1} +/- {:.1}  LOS {:.1} %  DrawRatio {:.1} %",
                e.elo + 0.0,
                e.elo_error,
                e.nelo + 0.0,
                e.nelo_error,
                100.0 * e.los,
                100.0 * e.draw_ratio
            )
        }
        None => {}
    }
    let p = score.pairs;
    line += &format!("\n    Ptnml(0-2): [{}, {}, {}, {}, {}]", p.ll, p.ld, p.dd_wl, p.wd, p.ww);
    let terminations: Vec<String> = score.terminations.iter().map(|(k, v)| format!("{k} {v}")).collect();
    line += &format!("\n    terminations: {}", terminations.join(", "));
    let games = (score.games.wins + score.games.draws + score.games.losses).max(1) as f64;
    for (seat, counts) in [pairing.0, pairing.1].iter().zip(&score.trappy) {
        if counts.moves > 0 {
            line += &format!(
                "\n    {}: differs from plain on {:.1} % of {} moves; traps set {:.2}/game, fallen into {:.2}/game",
                names[*seat],
                100.0 * counts.differs as f64 / counts.moves as f64,
                counts.moves,
                counts.traps_set as f64 / games,
                counts.traps_fallen as f64 / games
            );
            line += &format!(
                "\n    {}: predicted reply played {:.1} % of {} times; profit realised {:+.0} cp per trap sprung",
                names[*seat],
                100.0 * counts.predictions_played as f64 / counts.predictions.max(1) as f64,
                counts.predictions,
                counts.profit_realised_cp as f64 / counts.traps_fallen.max(1) as f64
            );
        }
    }
    line
}

fn table_row(label: &str, score: &PairingScore) -> String {
    let g = score.games;
    let elo = estimate(&Sample::Pentanomial(score.pairs))
        .filter(|e| e.elo.is_finite() && e.elo_error.is_finite())
        .map_or("n/a".to_string(), |e| format!("{:+.1} ± {:.1}", e.elo, e.elo_error));
    let p = score.pairs;
    let counts = score.trappy[0];
    let games = (g.wins + g.draws + g.losses).max(1) as f64;
    let trappy = if counts.moves > 0 {
        format!(
            "{:.1} % | {:.2} | {:.2}",
            100.0 * counts.differs as f64 / counts.moves as f64,
            counts.traps_set as f64 / games,
            counts.traps_fallen as f64 / games
        )
    } else {
        "– | – | –".to_string()
    };
    format!(
        "| {label} | +{} ={} −{} | {elo} | [{}, {}, {}, {}, {}] | {trappy} |\n",
        g.wins, g.draws, g.losses, p.ll, p.ld, p.dd_wl, p.wd, p.ww
    )
}

/// One Markdown table of every pairing, from the first player's side, with
/// its trappy counters: the headline table of a pool experiment. A pool
/// also gets one row per player for the whole pool.
pub(crate) fn summary_table(
    names: &[String],
    kind: TournamentKind,
    scores: &BTreeMap<(usize, usize), PairingScore>,
) -> String {
    let mut table = String::from(
        "\n| pairing | W / D / L | Elo ± 95% | pentanomial | differs from plain | traps set / game | fallen into / game |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for ((first, second), score) in scores {
        table += &table_row(&format!("{} vs {}", names[*first], names[*second]), score);
    }
    if let TournamentKind::Pool { candidates, .. } = kind {
        for (player, name) in names.iter().enumerate().take(candidates) {
            let mut total = PairingScore::default();
            for (_, score) in scores.iter().filter(|((first, second), _)| *first == player && *second >= candidates) {
                total.absorb(score);
            }
            table += &table_row(&format!("**{name} vs the whole pool**"), &total);
        }
    }
    table
}

/// For a pool with several players: each two of them compared pair by
/// pair on the same opponents and openings.
fn paired_section(names: &[String], candidates: usize, tournament: &Tournament) -> Result<String, String> {
    let entries = read_journal(&tournament.journal)?;
    let games = schedule(tournament);
    let mut text = String::new();
    for a in 0..candidates.min(names.len()) {
        for b in a + 1..candidates.min(names.len()) {
            let Some(c) = compare_paired(&paired_scores(&games, &entries, a, b)) else { continue };
            let (elo, low, high) = c.elo();
            text += &format!(
                "paired: {} - {} over {} opening pairs ({} differ): {:+.2} ± {:.2} points per 100 games, \
                 Elo {elo:+.1} (95 % {low:+.1} to {high:+.1})\n",
                names[a],
                names[b],
                c.pairs,
                c.differing,
                100.0 * c.difference,
                100.0 * c.error
            );
        }
    }
    Ok(text)
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
    let MatchPlan { mut tournament, sprt: sprt_config, skipped, chart } = match &args.config {
        Some(path) => load_match_config(path, &args.overrides)?,
        None => parse_match_config(&args.overrides.apply(DEFAULT_CONFIG)?, Path::new(""))
            .map_err(|e| format!("embedded default: {e}"))?,
    };
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
    crate::interrupt::on_interrupt(move || {
        let report = journal_report(&journal).unwrap_or_else(|e| format!("(no report: {e})"));
        format!(
            "{report}
resume with: {}",
            crate::interrupt::resume_command()
        )
    });
    let mut shown = MatchProgress::new(names.clone(), args.status_every as usize, sprt_config.clone())?;
    let mut verdict = None;
    let scores: BTreeMap<(usize, usize), PairingScore> = run_tournament(&tournament, |progress| {
        verdict = shown.update(progress);
        verdict.is_some()
    })?;
    shown.finish();
    let mut report = format!(
        "{} ({} games)\n",
        tournament.event,
        scores.values().map(|s| s.games.wins + s.games.draws + s.games.losses).sum::<u64>()
    );
    for (pairing, score) in &scores {
        report += &pairing_line(&names, *pairing, score);
        report.push('\n');
    }
    if scores.len() > 1 {
        report += &summary_table(&names, tournament.kind, &scores);
    }
    if let TournamentKind::Pool { candidates, .. } = tournament.kind {
        report += &paired_section(&names, candidates, &tournament)?;
    }
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
    write_elo_chart(&tournament.journal, &chart)?;
    report += &format!("journal: {}\nchart: {}", tournament.journal.display(), chart.display());
    if let Some(pgn) = &tournament.pgn {
        report += &format!("\npgn: {}", pgn.display());
    }
    Ok(report)
}
