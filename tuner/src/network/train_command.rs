//! `tuner train`: trains the evaluation network on `tuner datagen` data,
//! on every core, and writes the engine's integer network after every
//! epoch. A checkpoint beside the output (weights, Adam's state, the loss
//! history) lets `--resume` continue an interrupted run; a chart shows
//! the training and held-out loss per epoch.

use crate::network::train_data::{read_positions, TrainingPosition};
use crate::network::train_network::{Adam, FloatNetwork, PARAMETERS};
use crate::support::atomic_write::write_atomically;
use crate::support::parallel::{over_chunks, thread_count};
use crate::support::svg_chart::{panels_svg, Panel};
use clap::Args;
use engine::cli::output::emit;
use engine::nnue::Network;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct TrainArgs {
    /// Data files written by `tuner datagen`
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// Where to write the network (the engine's `EvalFile` format)
    #[arg(short, long)]
    pub output: PathBuf,
    /// Full passes over the training positions
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    pub epochs: u32,
    /// Positions per gradient step (small batches: more steps per epoch,
    /// which this network's few million positions need)
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..))]
    pub batch: u64,
    /// Adam's step size (cut to a tenth for the last 30 % of the epochs)
    #[arg(long, default_value_t = 0.001)]
    pub rate: f32,
    /// Weight of the game result in each target; the rest is the search's
    /// score through the logistic (results are shared by a whole game, so
    /// with few games a network learns them by heart)
    #[arg(long, default_value_t = 0.0)]
    pub blend: f32,
    /// Every Nth game is held out to measure the fit
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(2..))]
    pub holdout_every: u32,
    /// Seeds the first weights and the shuffles
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: all cores)
    #[arg(long)]
    pub threads: Option<usize>,
    /// The loss chart (SVG); default: the output with `.svg` added
    #[arg(long)]
    pub chart: Option<PathBuf>,
    /// Continue from the checkpoint beside the output
    #[arg(long)]
    pub resume: bool,
    /// Start from this network (an `EvalFile`) instead of random weights:
    /// a new generation trained further on new data. Part of the run:
    /// `--resume` wants it again
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// In each epoch, train on about half of the positions where nobody can
    /// castle with files a and h swapped (a position scores as its mirror)
    #[arg(long)]
    pub mirror: bool,
    /// Train one output for every position, the first network format's
    /// (as generations 1 and 2 were), instead of one per bucket of material
    #[arg(long)]
    pub shared_output: bool,
}

/// What a run saves after each epoch.
#[derive(Serialize, Deserialize)]
struct Checkpoint {
    /// The run it belongs to: data size and settings.
    fingerprint: String,
    epochs_done: u32,
    network: FloatNetwork,
    adam: Adam,
    /// (training loss, held-out loss) per epoch.
    losses: Vec<(f64, f64)>,
}

fn checkpoint_path(output: &Path) -> PathBuf {
    let mut name = output.as_os_str().to_owned();
    name.push(".checkpoint.json");
    PathBuf::from(name)
}

pub fn run_train(args: &TrainArgs) -> Result<String, String> {
    if !(0.0..=1.0).contains(&args.blend) {
        return Err(format!("--blend {} is outside 0..1", args.blend));
    }
    // Read before the data, which can take a while, so a wrong path fails at once.
    let init = args.init.as_deref().map(Network::load).transpose()?;
    let threads = thread_count(args.threads);
    let started = Instant::now();
    let positions = read_positions(&args.data, threads)?;
    let (train, holdout): (Vec<TrainingPosition>, Vec<TrainingPosition>) =
        positions.into_iter().partition(|p| p.game % args.holdout_every != 0);
    if train.is_empty() || holdout.is_empty() {
        return Err(format!(
            "{} training and {} held-out positions: too few games to hold every {}th out",
            train.len(),
            holdout.len(),
            args.holdout_every
        ));
    }
    emit(&format!(
        "train: {} positions, {} held out, read in {:.0} s; {} epochs on {threads} threads",
        train.len(),
        holdout.len(),
        started.elapsed().as_secs_f64(),
        args.epochs
    ));
    let fingerprint = format!(
        "positions {} holdout {} blend {} batch {} rate {} seed {} epochs {} init {} mirror {}{}",
        train.len(),
        holdout.len(),
        args.blend,
        args.batch,
        args.rate,
        args.seed,
        args.epochs,
        args.init.as_ref().map_or("random".to_string(), |p| p.display().to_string()),
        args.mirror,
        if args.shared_output { " shared output" } else { "" }
    );
    let checkpoint_file = checkpoint_path(&args.output);
    let mut state = if args.resume {
        resume_checkpoint(&checkpoint_file, &fingerprint)?
    } else {
        let mut network = init.as_ref().map_or_else(|| FloatNetwork::random(args.seed), FloatNetwork::from_network);
        network.shared_output = args.shared_output;
        let start_loss = mean_loss(&network, &holdout, args.blend, threads);
        emit(&format!("epoch 0: held-out loss {start_loss:.6}"));
        Checkpoint { fingerprint, epochs_done: 0, network, adam: Adam::new(), losses: vec![(start_loss, start_loss)] }
    };
    let chart = args.chart.clone().unwrap_or_else(|| {
        let mut name = args.output.as_os_str().to_owned();
        name.push(".svg");
        PathBuf::from(name)
    });
    let mut order: Vec<usize> = (0..train.len()).collect();
    let training_started = Instant::now();
    let first_epoch = state.epochs_done;
    for epoch in first_epoch..args.epochs {
        let rate = if epoch >= args.epochs * 7 / 10 { args.rate * 0.1 } else { args.rate };
        order.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(args.seed.wrapping_add(u64::from(epoch) + 1)));
        let mut total = 0.0f64;
        for batch in order.chunks(args.batch as usize) {
            // Positions without castling rights may be trained mirrored
            // left to right: the same chess, twice the data.
            let position = |index: usize| {
                let position = &train[index];
                if args.mirror && !position.castling && coin(args.seed, epoch, index) {
                    Cow::Owned(position.files_mirrored())
                } else {
                    Cow::Borrowed(position)
                }
            };
            let (gradient, loss) = state.network.batch_gradient(batch, args.blend, threads, position);
            state.adam.step(&mut state.network, &gradient, rate);
            total += loss;
        }
        let train_loss = total / train.len() as f64;
        let holdout_loss = mean_loss(&state.network, &holdout, args.blend, threads);
        state.losses.push((train_loss, holdout_loss));
        state.epochs_done = epoch + 1;
        save(&state, &args.output, &checkpoint_file, &chart)?;
        let done = (epoch + 1 - first_epoch) as f64;
        emit(&format!(
            "epoch {}: training loss {train_loss:.6}, held-out loss {holdout_loss:.6}, rate {rate}, {:.0} positions/s",
            epoch + 1,
            done * train.len() as f64 / training_started.elapsed().as_secs_f64().max(1e-3)
        ));
    }
    let (first, last) = (state.losses[0].1, state.losses.last().map_or(f64::NAN, |l| l.1));
    Ok(format!(
        "wrote {} after {} epochs in {:.0} s: held-out loss {first:.6} -> {last:.6}; chart {}",
        args.output.display(),
        state.epochs_done,
        started.elapsed().as_secs_f64(),
        chart.display()
    ))
}

/// The state of an interrupted run, refused when it belongs to another.
fn resume_checkpoint(file: &Path, fingerprint: &str) -> Result<Checkpoint, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read checkpoint {}: {e}", file.display()))?;
    let state: Checkpoint =
        serde_json::from_str(&text).map_err(|e| format!("checkpoint {} is damaged: {e}", file.display()))?;
    if state.fingerprint != fingerprint || state.network.parameters.len() != PARAMETERS {
        return Err(format!(
            "checkpoint {} belongs to another run ({}); this run is {fingerprint}",
            file.display(),
            state.fingerprint
        ));
    }
    Ok(state)
}

/// A fair coin for position `index` in `epoch`, the same on every run with
/// `seed` (so a resumed run trains as an uninterrupted one).
fn coin(seed: u64, epoch: u32, index: usize) -> bool {
    // Mixed, so that every input bit moves the coin.
    movegen::splitmix64(seed ^ (u64::from(epoch) << 40) ^ index as u64) & 1 == 1
}

fn mean_loss(network: &FloatNetwork, positions: &[TrainingPosition], blend: f32, threads: usize) -> f64 {
    let sums = over_chunks(positions, threads, |_, chunk| {
        chunk.iter().map(|p| f64::from(network.loss(p, blend))).sum::<f64>()
    });
    sums.iter().sum::<f64>() / positions.len().max(1) as f64
}

/// Writes the network, the checkpoint and the chart; each file is written
/// whole to a temporary name first, so an interrupt leaves the old one.
fn save(state: &Checkpoint, output: &Path, checkpoint: &Path, chart: &Path) -> Result<(), String> {
    write_atomically(output, state.network.quantize().to_bytes())?;
    let json = serde_json::to_vec(state).map_err(|e| format!("cannot encode the checkpoint: {e}"))?;
    write_atomically(checkpoint, json)?;
    write_atomically(chart, loss_chart(&state.losses))
}

fn loss_chart(losses: &[(f64, f64)]) -> String {
    let points = |pick: fn(&(f64, f64)) -> f64| -> Vec<(f64, f64)> {
        losses.iter().enumerate().skip(1).map(|(epoch, l)| (epoch as f64, pick(l))).collect()
    };
    let last = losses.last().copied().unwrap_or((f64::NAN, f64::NAN));
    let panel = Panel {
        title: "loss per epoch".into(),
        subtitle: format!("held-out {:.6} (blue), training {:.6} (red)", last.1, last.0),
        x_label: "epoch".into(),
        lines: vec![points(|l| l.1), points(|l| l.0)],
        reference: losses.first().map(|l| l.1),
        ..Panel::default()
    };
    panels_svg("trappy network training", &[panel], 1)
}
