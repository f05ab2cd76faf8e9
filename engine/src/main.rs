use clap::{Parser, Subcommand};
use engine::perft_command::{run_perft, PerftArgs};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "trappy",
    version,
    about = "A chess engine whose root search sets traps"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count leaf nodes of the legal move tree (move generator test and benchmark)
    Perft(PerftArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => run_perft(&args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
