//! `trappy policy`: what a human-move network (lc0's format, Maia among
//! them) would play, as the probability of every legal move, best first.
//! One position (`--fen`, `--moves`), or a batch (`--epd`) that ends with
//! its throughput: `positions <N> time_ms <T> pps <P>`, one forward pass
//! a position unless `--batch` says how many to pass together.

use crate::cli::output::emit;
use crate::lc0::{Lc0Network, MoveProbability, Scratch};
use clap::Args;
use movegen::Board;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct PolicyArgs {
    /// The network file, in lc0's format (`maia-1500.pb.gz`)
    #[arg(long, value_name = "FILE")]
    pub network: PathBuf,
    /// The position (the start position without one)
    #[arg(long, conflicts_with = "epd")]
    pub fen: Option<String>,
    /// Moves played from the position, in UCI notation: the network reads
    /// the history they make, and scores the position they reach
    #[arg(long, num_args = 1.., value_name = "UCI", conflicts_with = "epd")]
    pub moves: Vec<String>,
    /// Score every position of a file: a FEN or EPD a line, optionally
    /// followed by `moves` and moves played from it
    #[arg(long, value_name = "FILE")]
    pub epd: Option<PathBuf>,
    /// Print JSON: one object, or with --epd one object a line
    #[arg(long)]
    pub json: bool,
    /// With --epd, positions a forward pass evaluates together (the
    /// network's weights are read once for all of them); the same
    /// probabilities as one at a time
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub batch: u32,
}

pub fn run_policy(args: &PolicyArgs) -> Result<(), String> {
    let network = Lc0Network::load(&args.network)?;
    let Some(path) = &args.epd else {
        let fen = args.fen.as_deref().unwrap_or(movegen::START_FEN);
        let history = game_history(fen, &args.moves)?;
        let policy = network.policy(&history);
        emit(&if args.json { json_line(&history, &policy) } else { text_block(&network, &history, &policy) });
        return Ok(());
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut histories = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        histories.push(epd_history(line).map_err(|e| format!("{} line {}: {e}", path.display(), number + 1))?);
    }
    let mut scratch = Scratch::default();
    let (mut positions, mut spent) = (0u64, Duration::ZERO);
    for batch in histories.chunks(args.batch as usize) {
        let games: Vec<&[Board]> = batch.iter().map(Vec::as_slice).collect();
        let started = Instant::now();
        let policies = network.policies_with(&games, &mut scratch);
        spent += started.elapsed();
        positions += batch.len() as u64;
        for (history, policy) in batch.iter().zip(&policies) {
            emit(&if args.json { json_line(history, policy) } else { text_line(history, policy) });
        }
    }
    let millis = spent.as_secs_f64() * 1000.0;
    let pps = positions as f64 / spent.as_secs_f64().max(1e-9);
    emit(&format!("positions {positions} time_ms {} pps {pps:.1}", millis.round() as u64));
    Ok(())
}

/// The positions from `fen` through `moves`, oldest first.
fn game_history(fen: &str, moves: &[String]) -> Result<Vec<Board>, String> {
    let mut board = Board::from_fen(fen).map_err(|e| format!("bad FEN '{fen}': {e}"))?;
    let mut history = vec![board.clone()];
    for text in moves {
        let mv = board.parse_uci_move(text).map_err(|e| format!("move {text}: {e}"))?;
        board.play(mv);
        history.push(board.clone());
    }
    Ok(history)
}

/// A batch line: a FEN (six fields) or an EPD (four, then operations),
/// optionally followed by `moves` and the moves played from it.
fn epd_history(line: &str) -> Result<Vec<Board>, String> {
    let (position, moves) = match line.split_once(" moves ") {
        Some((position, moves)) => (position, moves.split_whitespace().map(str::to_string).collect()),
        None => (line, Vec::new()),
    };
    let fields: Vec<&str> = position.split_whitespace().collect();
    let clocks = fields.len() >= 6 && fields[4..6].iter().all(|f| f.parse::<u32>().is_ok());
    let fen = fields[..fields.len().min(if clocks { 6 } else { 4 })].join(" ");
    game_history(&fen, &moves)
}

fn percent(entry: &MoveProbability) -> f64 {
    f64::from(entry.probability) * 100.0
}

fn text_block(network: &Lc0Network, history: &[Board], policy: &[MoveProbability]) -> String {
    let board = history.last().map(Board::to_fen).unwrap_or_default();
    let mut text = format!("network {}\nfen {board}\n", network.describe());
    for entry in policy {
        text.push_str(&format!("{:<6} {:>6.2}\n", entry.mv.to_string(), percent(entry)));
    }
    text.trim_end().to_string()
}

fn text_line(history: &[Board], policy: &[MoveProbability]) -> String {
    let board = history.last().map(Board::to_fen).unwrap_or_default();
    let moves: Vec<String> = policy.iter().map(|entry| format!("{} {:.2}", entry.mv, percent(entry))).collect();
    format!("{board} | {}", moves.join(" "))
}

fn json_line(history: &[Board], policy: &[MoveProbability]) -> String {
    let moves: Vec<serde_json::Value> = policy
        .iter()
        .map(|entry| serde_json::json!({ "move": entry.mv.to_string(), "percent": percent(entry) }))
        .collect();
    let fen = history.last().map(Board::to_fen).unwrap_or_default();
    serde_json::json!({ "fen": fen, "policy": moves }).to_string()
}
