//! The tuner front end: tournaments and SPSA tuning from TOML, and the
//! statistics calculator.

mod config;
mod fit;
mod network;
mod predict;
mod support;
mod tournament;
mod tune;

use clap::{Parser, Subcommand};
use engine::cli::output::emit;
use fit::command::{run_fit, FitArgs};
use network::datagen_command::{run_datagen, DatagenArgs};
use network::train_command::{run_train, TrainArgs};
use predict::command::{run_predict, PredictArgs};
use std::process::ExitCode;
use support::interrupt;
use tournament::match_command::{run_match, MatchArgs};
use tournament::pair_command::{run_pair, PairArgs};
use tournament::report_command::{run_report, ReportArgs};
use tournament::stats_command::{run_stats, StatsArgs};
use tune::command::{run_tune, TuneArgs};

#[derive(Parser)]
#[command(name = "tuner", version, about = "Matches, statistics and SPSA tuning for trappy")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a tournament from a TOML config (the embedded default without one)
    Match(Box<MatchArgs>),
    /// Elo, normalized Elo, LOS, draw ratio and GSPRT from result counts
    Stats(StatsArgs),
    /// The report of a results journal (finished or interrupted)
    Report(ReportArgs),
    /// Two players compared opening pair by opening pair, from PGN files
    /// (one run's, or a player run alone against another run's games)
    Pair(PairArgs),
    /// SPSA tuning of tunables against an opponent pool, from a TOML config
    Tune(TuneArgs),
    /// Fit the evaluation's weights to game results (Texel's method)
    Fit(FitArgs),
    /// Self-play training data for the evaluation network
    Datagen(DatagenArgs),
    /// Train the evaluation network on self-play data
    Train(TrainArgs),
    /// How well the opponent models predict the moves in games (PGN)
    Predict(PredictArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(message) = interrupt::install() {
        eprintln!("warning: {message}");
    }
    let result = match cli.command {
        Command::Report(args) => run_report(&args),
        Command::Pair(args) => run_pair(&args),
        Command::Stats(args) => run_stats(&args),
        Command::Match(args) => run_match(&args),
        Command::Tune(args) => run_tune(&args),
        Command::Fit(args) => run_fit(&args),
        Command::Predict(args) => run_predict(&args),
        Command::Datagen(args) => run_datagen(&args),
        Command::Train(args) => run_train(&args),
    };
    match result {
        Ok(text) => {
            emit(&text);
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
