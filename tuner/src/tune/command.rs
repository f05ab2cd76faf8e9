//! `tuner tune CONFIG [--resume] [--openbench]`: SPSA against an opponent
//! pool. Each iteration θ+ and θ− play the same game pairs against every
//! opponent; the difference of their points is the gradient signal. The
//! state file is rewritten (atomically) after every iteration and each
//! iteration's games are journaled, so `kill -9` loses at most the games
//! in progress.

use crate::support::atomic_write::write_atomically;
use crate::support::svg_chart::{moving_average, panels_svg, Panel};
use crate::tune::config::{load_tune_config, TunePlan};
use crate::tune::spsa::{iteration_rng, perturb, update, SpsaParam};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use matches::tournament::{run_tournament, Tournament, TournamentKind};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Tuning config (TOML)
    pub config: PathBuf,
    /// Continue from the state file of an interrupted run
    #[arg(long)]
    pub resume: bool,
    /// Print the parameters (current values if a state exists) in
    /// OpenBench's SPSA input format and exit
    #[arg(long)]
    pub openbench: bool,
    /// Fault injection for the resume tests: the process ends at once, as
    /// a kill would (exit status 137, nothing cleaned up), when this many
    /// iterations are saved.
    #[arg(long, hide = true)]
    pub die_after: Option<usize>,
}

/// One finished iteration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IterationRow {
    pub iteration: usize,
    pub plus_points: f64,
    pub minus_points: f64,
    pub games: u64,
    /// Parameter values after this iteration's update.
    pub values: Vec<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneState {
    /// What the state belongs to; a changed config is refused.
    pub fingerprint: String,
    pub completed: usize,
    pub params: Vec<SpsaParam>,
    pub history: Vec<IterationRow>,
}

fn fingerprint(plan: &TunePlan) -> String {
    let names: Vec<&str> = plan.params.iter().map(|p| p.name.as_str()).collect();
    let opponents: Vec<&str> = plan.opponents.iter().map(|o| o.spec.name()).collect();
    let fingerprint = format!(
        "params {names:?} opponents {opponents:?} iterations {} pairs {} seed {}",
        plan.schedule.iterations, plan.pairs, plan.seed
    );
    match &plan.odds {
        Some(odds) => format!("{fingerprint} odds {} {:?}", matches::odds::pieces_name(&odds.pieces), odds.players),
        None => fingerprint,
    }
}

fn read_state(path: &Path) -> Result<Option<TuneState>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => toml::from_str(&text).map(Some).map_err(|e| format!("state file {}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("cannot read state file {}: {e}", path.display())),
    }
}

fn journal_path(plan: &TunePlan, iteration: usize) -> PathBuf {
    let stem = plan.state.file_stem().and_then(|s| s.to_str()).unwrap_or("tune");
    plan.state.with_file_name(format!("{stem}-iteration-{iteration}.jsonl"))
}

fn openbench_lines(params: &[SpsaParam]) -> String {
    params
        .iter()
        .map(|p| format!("{}, int, {}, {}, {}, {}, {}", p.name, p.value.round(), p.min, p.max, p.c_end, p.r_end))
        .collect::<Vec<_>>()
        .join("\n")
}

fn write_outputs(plan: &TunePlan, state: &TuneState, config: &Path) -> Result<(), String> {
    let values: Vec<f64> = state.params.iter().map(|p| p.value).collect();
    let header = [
        format!("Tuned by `tuner tune {}`", config.display()),
        format!("after {} of {} SPSA iterations", state.completed, plan.schedule.iterations),
        "Use with: trappy --options FILE, or options_file = \"FILE\" in a tuner match [[engine]]".to_string(),
    ];
    write_atomically(&plan.output, plan.tunables_at(&values).options_toml(&header))?;
    let names: Vec<&str> = state.params.iter().map(|p| p.name.as_str()).collect();
    let mut csv = format!("iteration,plus_points,minus_points,games,{}\n", names.join(","));
    let start: Vec<String> = plan.params.iter().map(|p| format!("{:.3}", p.value)).collect();
    csv += &format!("0,,,0,{}\n", start.join(","));
    for row in &state.history {
        let values: Vec<String> = row.values.iter().map(|v| format!("{v:.3}")).collect();
        csv +=
            &format!("{},{},{},{},{}\n", row.iteration, row.plus_points, row.minus_points, row.games, values.join(","));
    }
    write_atomically(&plan.csv, &csv)?;
    let title = format!("SPSA, {} iterations ({})", state.completed, config.display());
    write_atomically(&plan.svg, tune_chart(&title, plan, state))
}

/// One panel per parameter in its own units (the start value dashed), and
/// the objective: θ+ − θ− points of each iteration, with a moving average.
fn tune_chart(title: &str, plan: &TunePlan, state: &TuneState) -> String {
    let mut panels: Vec<Panel> = plan
        .params
        .iter()
        .enumerate()
        .map(|(i, start)| {
            let values = std::iter::once(start.value).chain(state.history.iter().map(|row| row.values[i]));
            let end = state.history.last().map_or(start.value, |row| row.values[i]);
            Panel {
                title: start.name.clone(),
                subtitle: format!(
                    "{:.1} → {:.1} (range {} to {}; start dashed)",
                    start.value, end, start.min, start.max
                ),
                x_label: "iteration".into(),
                lines: vec![values.enumerate().map(|(k, v)| (k as f64, v)).collect()],
                reference: Some(start.value),
                ..Panel::default()
            }
        })
        .collect();
    let objective: Vec<f64> = state.history.iter().map(|row| row.plus_points - row.minus_points).collect();
    let window = (objective.len() / 20).max(5) | 1;
    let smoothed = moving_average(&objective, window);
    panels.push(Panel {
        title: "θ+ − θ− points per iteration".into(),
        subtitle: format!("dots: each iteration; line: mean of {window}"),
        x_label: "iteration".into(),
        lines: vec![smoothed.iter().enumerate().map(|(k, v)| ((k + 1) as f64, *v)).collect()],
        dots: objective.iter().enumerate().map(|(k, v)| ((k + 1) as f64, *v)).collect(),
        reference: Some(0.0),
        ..Panel::default()
    });
    panels_svg(title, &panels, 2)
}

fn values_text(params: &[SpsaParam]) -> String {
    params.iter().map(|p| format!("{} {:.1}", p.name, p.value)).collect::<Vec<_>>().join(", ")
}

/// Plays one iteration and returns (θ+ points, θ− points, games).
fn play_iteration(
    plan: &TunePlan,
    k: usize,
    plus: &[f64],
    minus: &[f64],
    bar: &ProgressBar,
) -> Result<(f64, f64, u64), String> {
    let mut entrants = vec![plan.candidate_at("theta+", plus)?, plan.candidate_at("theta-", minus)?];
    entrants.extend(plan.opponents.iter().cloned());
    let openings = (0..plan.pairs).map(|j| plan.openings[(k * plan.pairs + j) % plan.openings.len()].clone()).collect();
    let tournament = Tournament {
        entrants,
        kind: TournamentKind::Pool { candidates: 2, head_to_head: false },
        openings,
        pairs_per_pairing: plan.pairs,
        concurrency: plan.concurrency,
        settings: plan.settings.clone(),
        event: format!("SPSA iteration {}", k + 1),
        date: String::new(),
        journal: journal_path(plan, k + 1),
        pgn: None,
        odds: plan.odds.clone(),
    };
    let scores = run_tournament(&tournament, |progress| {
        bar.set_message(format!("iteration {}: game {}/{}", k + 1, progress.finished, progress.total));
        false
    })?;
    let (mut plus_points, mut minus_points, mut games) = (0.0, 0.0, 0);
    for ((first, _), score) in &scores {
        let points = score.games.wins as f64 + 0.5 * score.games.draws as f64;
        games += score.games.wins + score.games.draws + score.games.losses;
        if *first == 0 {
            plus_points += points;
        } else {
            minus_points += points;
        }
    }
    Ok((plus_points, minus_points, games))
}

pub fn run_tune(args: &TuneArgs) -> Result<String, String> {
    let plan = load_tune_config(&args.config)?;
    let existing = read_state(&plan.state)?;
    if let Some(state) = &existing {
        if state.fingerprint != fingerprint(&plan) {
            return Err(format!(
                "state file {} belongs to another tuning setup ({}); delete it or restore the config",
                plan.state.display(),
                state.fingerprint
            ));
        }
    }
    if args.openbench {
        return Ok(openbench_lines(existing.as_ref().map_or(&plan.params, |s| &s.params)));
    }
    let mut state = starting_state(&plan, existing, args.resume)?;
    prepare_outputs(&plan, &state, args.resume)?;
    let started = Instant::now();
    let games_played = run_iterations(&plan, &mut state, args)?;
    if state.completed == plan.schedule.iterations && games_played == 0 {
        write_outputs(&plan, &state, &args.config)?;
    }
    Ok(tune_report(&plan, &state, games_played, started.elapsed().as_secs_f64()))
}

/// The state a run starts from: the state file's when resuming, a fresh
/// one when there is none; a state file without `--resume` is refused.
fn starting_state(plan: &TunePlan, existing: Option<TuneState>, resume: bool) -> Result<TuneState, String> {
    match existing {
        Some(state) if resume => Ok(state),
        Some(state) => Err(format!(
            "state file {} already holds {} iterations: pass --resume to continue, or delete it to start over",
            plan.state.display(),
            state.completed
        )),
        None => {
            Ok(TuneState { fingerprint: fingerprint(plan), completed: 0, params: plan.params.clone(), history: vec![] })
        }
    }
}

/// The output folders made, an older run's journals gone (a fresh run
/// must not pick up their games), and what an interrupt says.
fn prepare_outputs(plan: &TunePlan, state: &TuneState, resume: bool) -> Result<(), String> {
    if !resume {
        for iteration in 1..=plan.schedule.iterations {
            let _ = std::fs::remove_file(journal_path(plan, iteration));
        }
    }
    for path in [&plan.state, &plan.output, &plan.csv, &plan.svg] {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
    }
    let (state_path, completed_before) = (plan.state.clone(), state.completed);
    crate::support::interrupt::on_interrupt(move || {
        // The state file is replaced whole after each iteration, so it
        // holds every finished iteration; the current one's games resume
        // from its journal.
        let completed = read_state(&state_path).ok().flatten().map_or(completed_before, |s| s.completed);
        format!(
            "SPSA: {completed} iterations finished (state in {})\nresume with: {}",
            state_path.display(),
            crate::support::interrupt::resume_command()
        )
    });
    Ok(())
}

/// Plays the iterations left, updating `state` and writing it after each;
/// returns the games played.
fn run_iterations(plan: &TunePlan, state: &mut TuneState, args: &TuneArgs) -> Result<u64, String> {
    let bar = ProgressBar::new(plan.schedule.iterations as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} iterations  eta {eta}  {prefix}\n{msg}")
            .map_err(|e| e.to_string())?,
    );
    bar.set_position(state.completed as u64);
    let mut games_played = 0;
    for k in state.completed..plan.schedule.iterations {
        let recent: Vec<f64> = state.history.iter().rev().take(10).map(|r| r.plus_points - r.minus_points).collect();
        let recent_mean = recent.iter().sum::<f64>() / recent.len().max(1) as f64;
        bar.set_prefix(format!("{}  recent θ+−θ− {recent_mean:+.2}", values_text(&state.params)));
        let perturbation = perturb(&state.params, &plan.schedule, k, &mut iteration_rng(plan.seed, k));
        let (plus_points, minus_points, games) =
            play_iteration(plan, k, &perturbation.plus, &perturbation.minus, &bar)?;
        games_played += games;
        update(&mut state.params, &plan.schedule, k, &perturbation, plus_points - minus_points);
        state.completed = k + 1;
        state.history.push(IterationRow {
            iteration: k + 1,
            plus_points,
            minus_points,
            games,
            values: state.params.iter().map(|p| p.value).collect(),
        });
        let text = toml::to_string(&*state).map_err(|e| format!("cannot encode the state: {e}"))?;
        write_atomically(&plan.state, &text)?;
        if args.die_after == Some(state.completed) {
            std::process::exit(137);
        }
        write_outputs(plan, state, &args.config)?;
        let _ = std::fs::remove_file(journal_path(plan, k + 1));
        bar.set_position(state.completed as u64);
    }
    bar.finish_and_clear();
    Ok(games_played)
}

/// What the run did: the iterations, each parameter from start to end, and
/// where the outputs are.
fn tune_report(plan: &TunePlan, state: &TuneState, games_played: u64, seconds: f64) -> String {
    let mut report =
        format!("SPSA: {} iterations ({} games this run, {:.0} s)\n", state.completed, games_played, seconds);
    for (start, end) in plan.params.iter().zip(&state.params) {
        report += &format!(
            "  {:<16} {:>8.1} -> {:>8.1}  (played as {})\n",
            end.name,
            start.value,
            end.value,
            end.value.round()
        );
    }
    if let Some(note) = &plan.odds_note {
        report += &format!("{note}\n");
    }
    report += &format!(
        "tuned options: {}\ntrajectory: {} and {}",
        plan.output.display(),
        plan.csv.display(),
        plan.svg.display()
    );
    report
}
