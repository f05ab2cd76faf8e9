//! `tuner fit`: fit the evaluation's weights to game results (Texel's
//! method). `tuner fit extract` makes the position set from PGN games;
//! `tuner fit run` fits every evaluation weight to it and writes an
//! options file, reporting the error on the training positions and on
//! held-out games before and after. The run's state is saved as it goes,
//! so `--resume` continues an interrupted fit.

use crate::fit::model::{fit_scale, gradient, mean_error, minimise_scale, win_probability, Adam, Sample};
use crate::fit::positions::{extract_positions, format_position, parse_positions, LabelledPosition};
use crate::fit::rating_curve::{run_rating_curve, RatingCurveArgs};
use crate::fit::result_curve::{run_curve, CurveArgs};
use crate::fit::stockfish::UciScorer;
use crate::support::atomic_write::write_atomically;
use crate::support::parallel::{over_chunks, over_chunks_mut, thread_count};
use crate::support::progress_bar::terminal_bar;
use clap::{Args, Subcommand};
use engine::eval::{evaluation_weights, linear_form, EvalWeight};
use engine::tunables::{load_options_file, Tunables};
use movegen::Board;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct FitArgs {
    #[command(subcommand)]
    pub command: FitCommand,
}

#[derive(Subcommand, Debug)]
pub enum FitCommand {
    /// Make a position set from PGN games: quiet positions, labelled with results
    Extract(ExtractArgs),
    /// Fit every evaluation weight to a position set and write an options file
    Run(RunArgs),
    /// Fit the trappy root's score-to-result curve to one player's scores
    /// and results (TrapResultCentre, TrapResultScale)
    Curve(CurveArgs),
    /// Refit the rule that gives the trap root's curve from the rating gap
    /// to a table of per-level curves, with each level's
    /// leave-one-level-out prediction error
    RatingCurve(RatingCurveArgs),
}

#[derive(Args, Debug)]
pub struct ExtractArgs {
    /// PGN files (finished games; unfinished ones are skipped)
    #[arg(required = true)]
    pub pgn: Vec<PathBuf>,
    /// Where to write the position set
    #[arg(short, long)]
    pub output: PathBuf,
    /// Plies at the start of each game to skip (the opening book)
    #[arg(long, default_value_t = 16)]
    pub skip_plies: usize,
    /// Also score every position with this UCI engine (for `run --blend`)
    #[arg(long)]
    pub stockfish: Option<String>,
    /// The scoring engine's fixed depth
    #[arg(long, default_value_t = 8)]
    pub stockfish_depth: u32,
    /// Scoring engines run in parallel (default: all cores)
    #[arg(long)]
    pub threads: Option<usize>,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    /// Position set (`FEN | RESULT | GAME [| SCORE]` lines)
    pub positions: PathBuf,
    /// Where to write the fitted options file
    #[arg(short, long)]
    pub output: PathBuf,
    /// Start from this options file instead of the built-in weights
    #[arg(long)]
    pub base: Option<PathBuf>,
    /// Full passes over the training positions
    #[arg(long, default_value_t = 1500)]
    pub epochs: u64,
    /// Adam's step size, in centipawns
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// Weight of the game result in each target; the rest is the reference
    /// engine's score through its own fitted logistic curve (needs scores)
    #[arg(long, default_value_t = 1.0)]
    pub blend: f64,
    /// Every Nth game is held out from training to measure the fit (always
    /// against game results)
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(2..))]
    pub holdout_every: u64,
    /// Threads (default: all cores)
    #[arg(long)]
    pub threads: Option<usize>,
    /// State file, rewritten every 50 epochs (default: OUTPUT with `.state.json`)
    #[arg(long)]
    pub state: Option<PathBuf>,
    /// Continue from the state file of an interrupted run
    #[arg(long)]
    pub resume: bool,
}

pub fn run_fit(args: &FitArgs) -> Result<String, String> {
    match &args.command {
        FitCommand::Extract(extract) => run_extract(extract),
        FitCommand::Run(run) => run_fitting(run),
        FitCommand::Curve(curve) => run_curve(curve),
        FitCommand::RatingCurve(table) => run_rating_curve(table),
    }
}

fn run_extract(args: &ExtractArgs) -> Result<String, String> {
    let files: Vec<&Path> = args.pgn.iter().map(PathBuf::as_path).collect();
    let (mut positions, counts) = extract_positions(&files, args.skip_plies)?;
    if positions.is_empty() {
        return Err("no quiet position in the finished games given".into());
    }
    let threads = thread_count(args.threads);
    if let Some(command) = &args.stockfish {
        score_positions(&mut positions, command, args.stockfish_depth, threads)?;
    }
    let mut text = format!(
        "# tuner fit position set: FEN | result for White | game number{}\n# from {} finished games, {} plies skipped per game\n",
        match &args.stockfish {
            Some(command) => format!(" | {command} depth {} score for White", args.stockfish_depth),
            None => String::new(),
        },
        counts.games,
        args.skip_plies
    );
    for position in &positions {
        text.push_str(&format_position(position));
        text.push('\n');
    }
    std::fs::write(&args.output, text).map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    Ok(format!(
        "{} positions from {} games written to {} ({} not quiet, {} repeated, {} unfinished games skipped)",
        counts.kept,
        counts.games,
        args.output.display(),
        counts.not_quiet,
        counts.duplicates,
        counts.unfinished_games
    ))
}

/// Scores every position with its own engine process per thread.
fn score_positions(
    positions: &mut [LabelledPosition],
    command: &str,
    depth: u32,
    threads: usize,
) -> Result<(), String> {
    let bar = terminal_bar(positions.len() as u64, "positions");
    let outcomes = over_chunks_mut(positions, threads, |chunk| -> Result<(), String> {
        let mut scorer = UciScorer::start(command)?;
        let total = chunk.len();
        for (done, position) in chunk.iter_mut().enumerate() {
            position.score = Some(scorer.score(&position.fen, depth)?);
            match &bar {
                Some(bar) => bar.inc(1),
                // Without a terminal, a line every tenth of the way.
                None if (done + 1) % (total / 10).max(1) == 0 => {
                    eprintln!("scored {} of {total} positions in one thread", done + 1)
                }
                None => {}
            }
        }
        Ok(())
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    outcomes.into_iter().collect()
}

/// The training target of each position: the game result, blended with
/// the reference score's win probability when `blend` < 1. The score's
/// curve is fitted to the results first, as the evaluation's is.
fn targets(positions: &[LabelledPosition], blend: f64) -> Result<Vec<f64>, String> {
    if !(0.0..=1.0).contains(&blend) {
        return Err(format!("--blend must be between 0 and 1, not {blend}"));
    }
    if blend == 1.0 {
        return Ok(positions.iter().map(|p| p.result).collect());
    }
    let scores: Option<Vec<i32>> = positions.iter().map(|p| p.score).collect();
    let scores = scores.ok_or("--blend below 1 needs a score on every position (extract with --stockfish)")?;
    let scale = minimise_scale(|k| {
        let total: f64 = positions
            .iter()
            .zip(&scores)
            .map(|(p, &score)| (p.result - win_probability(k, score as f64)).powi(2))
            .sum();
        total / positions.len().max(1) as f64
    });
    Ok(positions
        .iter()
        .zip(scores)
        .map(|(p, score)| blend * p.result + (1.0 - blend) * win_probability(scale, score as f64))
        .collect())
}

/// What `--resume` needs to continue a run exactly.
#[derive(Serialize, Deserialize, Debug)]
struct FitState {
    positions: usize,
    weights: Vec<String>,
    scale: f64,
    epoch: u64,
    values: Vec<f64>,
    adam: Adam,
}

fn run_fitting(args: &RunArgs) -> Result<String, String> {
    let started = Instant::now();
    let threads = thread_count(args.threads);
    let source = args.positions.display().to_string();
    let text = std::fs::read_to_string(&args.positions).map_err(|e| format!("cannot read {source}: {e}"))?;
    let positions = parse_positions(&text, &source)?;
    let base = args.base.as_deref().map_or_else(|| Ok(Tunables::default()), load_options_file)?;
    let weights = evaluation_weights();
    let initial: Vec<f64> = weights.iter().map(|w| w.get(&base) as f64).collect();

    let targets = targets(&positions, args.blend)?;
    let samples = linear_forms(&positions, &targets, &base, &weights, args.holdout_every, threads)?;
    let state_path = args.state.clone().unwrap_or_else(|| args.output.with_extension("state.json"));
    let mut state = if args.resume {
        resumed_state(&state_path, positions.len(), &weights)?
    } else {
        let scale = fit_scale(&samples.train, &initial, threads);
        let names = weights.iter().map(|w| w.name()).collect();
        let adam = Adam::new(weights.len());
        FitState { positions: positions.len(), weights: names, scale, epoch: 0, values: initial.clone(), adam }
    };
    let errors_before = FitErrors::of(&samples, &initial, state.scale, threads);
    descend(args, &mut state, &samples, &weights, &state_path, threads)?;

    centre_piece_squares(&weights, &mut state.values);
    // The file holds whole numbers: measure what it will hold.
    let mut fitted = base.clone();
    for (weight, value) in weights.iter().zip(&state.values) {
        weight.set(&mut fitted, value.round() as i32);
    }
    let rounded: Vec<f64> = weights.iter().map(|w| w.get(&fitted) as f64).collect();
    let errors_after = FitErrors::of(&samples, &rounded, state.scale, threads);
    let summary = vec![
        format!(
            "fitted by `tuner fit run` on {source}: {} training and {} held-out positions",
            samples.train.len(),
            samples.holdout.len()
        ),
        format!("K {:.4}, {} epochs at rate {}, result weight {}", state.scale, state.epoch, args.rate, args.blend),
        format!(
            "training error {:.6} -> {:.6}, held-out error {:.6} -> {:.6}, against game results {:.6} -> {:.6}",
            errors_before.train,
            errors_after.train,
            errors_before.held_out,
            errors_after.held_out,
            errors_before.results,
            errors_after.results
        ),
    ];
    std::fs::write(&args.output, fitted.options_toml(&summary))
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    let mut report = summary.join("\n");
    report.push_str(&format!(
        "\n{} weights changed; written to {} in {:.0} s",
        fitted.changed_from(&base).len(),
        args.output.display(),
        started.elapsed().as_secs_f64()
    ));
    let at_bounds = weights.iter().filter(|w| is_at_bound(**w, &fitted)).map(|w| w.name()).collect::<Vec<_>>();
    if !at_bounds.is_empty() {
        report.push_str(&format!("\nat a bound of their range: {}", at_bounds.join(", ")));
    }
    Ok(report)
}

/// A fit's mean errors: on the training positions, on the held-out ones
/// against the training targets, and on those against the game results.
struct FitErrors {
    train: f64,
    held_out: f64,
    results: f64,
}

impl FitErrors {
    fn of(samples: &SplitSamples, values: &[f64], k: f64, threads: usize) -> FitErrors {
        FitErrors {
            train: mean_error(&samples.train, values, k, threads),
            held_out: mean_error(&samples.holdout, values, k, threads),
            results: mean_error(&samples.holdout_results, values, k, threads),
        }
    }
}

/// The state file of an earlier run, refused when it was made for other
/// positions or another weight list.
fn resumed_state(path: &Path, positions: usize, weights: &[EvalWeight]) -> Result<FitState, String> {
    let state = read_state(path)?;
    let names: Vec<String> = weights.iter().map(|w| w.name()).collect();
    if state.positions != positions || state.weights != names {
        return Err(format!(
            "{} was made for another position set or weight list ({} positions, {} weights); run without --resume",
            path.display(),
            state.positions,
            state.weights.len()
        ));
    }
    Ok(state)
}

/// Adam's epochs from where `state` stands to `args.epochs`, writing the
/// state and reporting the errors every 50.
fn descend(
    args: &RunArgs,
    state: &mut FitState,
    samples: &SplitSamples,
    weights: &[EvalWeight],
    state_path: &Path,
    threads: usize,
) -> Result<(), String> {
    let ranges: Vec<(i32, i32)> = weights.iter().map(|w| w.range()).collect();
    let k = state.scale;
    let bar = terminal_bar(args.epochs, "epochs");
    if let Some(bar) = &bar {
        bar.set_position(state.epoch);
    }
    while state.epoch < args.epochs {
        let grad = gradient(&samples.train, &state.values, k, threads);
        state.adam.step(&mut state.values, &grad, args.rate, &ranges);
        state.epoch += 1;
        if state.epoch.is_multiple_of(50) || state.epoch == args.epochs {
            write_state(state_path, state)?;
            let now = FitErrors::of(samples, &state.values, k, threads);
            let errors = format!(
                "training error {:.6}, held-out error {:.6} (against results {:.6})",
                now.train, now.held_out, now.results
            );
            match &bar {
                Some(bar) => bar.set_message(errors),
                None => eprintln!("epoch {} of {}: {errors}", state.epoch, args.epochs),
            }
        }
        if let Some(bar) = &bar {
            bar.set_position(state.epoch);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(())
}

/// A piece's material value and the mean of its piece-square weights
/// measure the same thing: moving a constant from every square of a piece
/// to its value changes no evaluation. The fit leaves that split to chance,
/// so move each table's mean into the value (as far as the value's range
/// allows), leaving tables that read as "better or worse than average
/// here". The king has no value; its table is centred on zero, which
/// cancels between the two kings.
fn centre_piece_squares(weights: &[EvalWeight], values: &mut [f64]) {
    const VALUE_NAMES: [&str; 5] = ["Pawn", "Knight", "Bishop", "Rook", "Queen"];
    for piece in 0..6 {
        for endgame in [false, true] {
            let squares: Vec<usize> = (0..weights.len())
                .filter(
                    |&i| matches!(weights[i], EvalWeight::PieceSquare(k) if k.piece == piece && k.endgame == endgame),
                )
                .collect();
            if squares.is_empty() {
                continue;
            }
            let mean = squares.iter().map(|&i| values[i]).sum::<f64>() / squares.len() as f64;
            let phase = if endgame { "Eg" } else { "Mg" };
            let value_slot = VALUE_NAMES.get(piece).and_then(|name| {
                let index = Tunables::index_of(&format!("{name}Value{phase}"))?;
                weights.iter().position(|w| *w == EvalWeight::Named(index))
            });
            let shift = match value_slot {
                Some(slot) => {
                    let (min, max) = weights[slot].range();
                    let shift = mean.clamp(min as f64 - values[slot], max as f64 - values[slot]);
                    values[slot] += shift;
                    shift
                }
                None if piece == 5 => mean,
                None => 0.0,
            };
            for &i in &squares {
                values[i] -= shift;
            }
        }
    }
}

fn is_at_bound(weight: EvalWeight, tunables: &Tunables) -> bool {
    let (min, max) = weight.range();
    let value = weight.get(tunables);
    value == min || value == max
}

/// The training positions, and the held-out ones twice: with their
/// training targets and with their game results.
struct SplitSamples {
    train: Vec<Sample>,
    holdout: Vec<Sample>,
    holdout_results: Vec<Sample>,
}

/// Each position's linear form, split into training and held-out sets by
/// game, computed in parallel.
fn linear_forms(
    positions: &[LabelledPosition],
    targets: &[f64],
    base: &Tunables,
    weights: &[EvalWeight],
    holdout_every: u64,
    threads: usize,
) -> Result<SplitSamples, String> {
    let bar = terminal_bar(positions.len() as u64, "positions");
    let chunks = over_chunks(positions, threads, |offset, chunk| -> Result<Vec<Sample>, String> {
        let mut tunables = base.clone();
        let mut samples = Vec::with_capacity(chunk.len());
        for (i, (position, &target)) in chunk.iter().zip(&targets[offset..]).enumerate() {
            let board = Board::from_fen(&position.fen).map_err(|e| format!("{}: {e}", position.fen))?;
            samples.push(Sample { form: linear_form(&board, &mut tunables, weights), result: target });
            if i % 1024 == 1023 {
                if let Some(bar) = &bar {
                    bar.inc(1024);
                }
            }
        }
        Ok(samples)
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let (mut train, mut holdout, mut holdout_results) = (Vec::new(), Vec::new(), Vec::new());
    let mut labels = positions.iter();
    for chunk in chunks {
        for sample in chunk? {
            let Some(position) = labels.next() else { break };
            if position.game % holdout_every == 0 {
                holdout_results.push(Sample { form: sample.form.clone(), result: position.result });
                holdout.push(sample);
            } else {
                train.push(sample);
            }
        }
    }
    if train.is_empty() || holdout.is_empty() {
        return Err(format!("the set must span more than {holdout_every} games to hold some out"));
    }
    Ok(SplitSamples { train, holdout, holdout_results })
}

fn read_state(path: &Path) -> Result<FitState, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read state {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("state {} is not a fit state: {e}", path.display()))
}

fn write_state(path: &Path, state: &FitState) -> Result<(), String> {
    let text = serde_json::to_string(state).map_err(|e| e.to_string())?;
    write_atomically(path, text)
}
