use clap::{Parser, Subcommand};
use engine::cli::bench::{run_bench_with, DEFAULT_BENCH_DEPTH};
use engine::cli::output::emit;
use engine::cli::perft::{run_perft, PerftArgs};
use engine::cli::policy::{run_policy, PolicyArgs};
use engine::cli::traps::{run_traps, TrapsArgs};
use engine::trappy::replies::OpponentModelChoice;
use engine::tunables::{openbench_spsa_lines, read_options_file, user_options, SetByUser, Tunables};
use engine::uci::UciSession;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "trappy", version, about = "A chess engine whose root search sets traps")]
struct Cli {
    /// With no command, trappy speaks UCI on stdin/stdout
    #[command(subcommand)]
    command: Option<Command>,
    /// Start from the tunables in this options file (TOML with an
    /// [options] table, as `tuner tune` writes) instead of the defaults
    #[arg(long, global = true, value_name = "FILE")]
    options: Option<std::path::PathBuf>,
    /// UCI: list every tunable in answer to `uci` (for tuning front ends);
    /// without it `uci` lists the options a GUI user needs. Every tunable
    /// is settable by name either way.
    #[arg(long)]
    all_options: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Speak UCI on stdin/stdout (the default)
    Uci,
    /// Count leaf nodes of the legal move tree (move generator test and benchmark)
    Perft(PerftArgs),
    /// Search a fixed position list to a fixed depth; prints `<nodes> nodes <nps> nps`
    Bench {
        /// Search depth
        #[arg(default_value_t = DEFAULT_BENCH_DEPTH, value_parser = clap::value_parser!(i32).range(1..=64))]
        depth: i32,
        /// Override a tunable, e.g. --set Traps=off (repeatable)
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
        /// The evaluation: `embedded` (the network built in), a network file
        /// or `classical`
        #[arg(long, default_value = engine::nnue::DEFAULT_EVAL_FILE)]
        eval_file: String,
        /// What predicts the opponent's replies when traps are set:
        /// `natural`, or a human-move network file (lc0's format, Maia)
        #[arg(long, value_name = "natural|FILE", default_value = "natural")]
        opponent_model: String,
    },
    /// Print every tunable in OpenBench's SPSA input format
    Spsa,
    /// Annotate a position (--fen) or a game (--game): the traps each move sets for the opponent model
    Traps(TrapsArgs),
    /// A human-move network's (lc0's format, e.g. Maia) probability for every legal move
    Policy(PolicyArgs),
}

/// The tunables of an options file, or the defaults without one, and the
/// names it set.
fn starting_tunables(options: Option<&std::path::Path>) -> Result<(Tunables, SetByUser), String> {
    let entries = options.map_or_else(|| Ok(Vec::new()), read_options_file)?;
    user_options(&entries)
}

/// Starting tunables with `NAME=VALUE` overrides applied.
fn tunables_with_overrides(mut tunables: Tunables, overrides: &[String]) -> Result<Tunables, String> {
    for entry in overrides {
        let (name, value) = entry.split_once('=').ok_or_else(|| format!("--set needs NAME=VALUE, not '{entry}'"))?;
        let name = name.trim();
        let number = engine::tunables::parse_value(name, value).map_err(|e| format!("--set {name}: {e}"))?;
        tunables.set(name, number).map_err(|e| format!("--set {name}: {e}"))?;
    }
    Ok(tunables)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (start, set_by_user) = match starting_tunables(cli.options.as_deref()) {
        Ok(start) => start,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    match cli.command.unwrap_or(Command::Uci) {
        Command::Uci => {
            let stdin = std::io::stdin();
            let mut session = UciSession::with_options(Box::new(std::io::stdout()), start, set_by_user);
            if cli.all_options {
                session.list_all_tunables();
            }
            session.run(stdin.lock());
            ExitCode::SUCCESS
        }
        Command::Perft(args) => match run_perft(&args) {
            Ok(code) => code,
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::from(2)
            }
        },
        Command::Bench { depth, set, eval_file, opponent_model } => {
            let setup = tunables_with_overrides(start, &set).and_then(|tunables| {
                let network = engine::nnue::network_for_eval_file(&eval_file)?;
                Ok((tunables, network, OpponentModelChoice::from_option(&opponent_model)?))
            });
            let (tunables, network, opponent_model) = match setup {
                Ok(setup) => setup,
                Err(message) => {
                    eprintln!("error: {message}");
                    return ExitCode::from(2);
                }
            };
            let result = run_bench_with(depth, 16, &tunables, network.as_ref(), &opponent_model, |fen, nodes| {
                emit(&format!("{nodes:>10}  {fen}"))
            });
            if result.trappy.searches > 0 {
                emit(result.trappy.uci_line("bench").trim_start_matches("info string "));
            }
            emit(&format!("{} nodes {} nps", result.nodes, result.nodes * 1000 / result.millis.max(1)));
            ExitCode::SUCCESS
        }
        Command::Traps(args) => match run_traps(&args, &start) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::from(2)
            }
        },
        Command::Policy(args) => match run_policy(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::from(2)
            }
        },
        Command::Spsa => {
            for line in openbench_spsa_lines(&start) {
                emit(&line);
            }
            ExitCode::SUCCESS
        }
    }
}
