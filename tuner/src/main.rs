//! The tuner front end. So far: the statistics calculator.

mod stats_command;

use clap::{Parser, Subcommand};
use stats_command::{run_stats, StatsArgs};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "tuner", version, about = "Matches, statistics and SPSA tuning for trappy")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Elo, normalized Elo, LOS, draw ratio and GSPRT from result counts
    Stats(StatsArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Stats(args) => run_stats(&args),
    };
    match result {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
