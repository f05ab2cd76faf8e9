//! `trappy perft`: a single position with optional divide, or a whole EPD
//! suite checked against its expected counts.

use crate::cli::output::emit;
use clap::Args;
use movegen::{divide, parse_perft_suite, perft, Board};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies (required unless --epd is given)
    #[arg(long, short)]
    pub depth: Option<u32>,
    /// Position to count from; the start position when absent
    #[arg(long)]
    pub fen: Option<String>,
    /// Print the count under each root move
    #[arg(long)]
    pub divide: bool,
    /// Check every line of an EPD perft suite
    #[arg(long, conflicts_with_all = ["fen", "divide", "depth"])]
    pub epd: Option<PathBuf>,
    /// With --epd: skip entries deeper than this
    #[arg(long, requires = "epd")]
    pub max_depth: Option<u32>,
}

pub fn run_perft(args: &PerftArgs) -> Result<ExitCode, String> {
    if let Some(path) = &args.epd {
        return run_suite(path, args.max_depth.unwrap_or(u32::MAX));
    }
    let depth = args.depth.ok_or("perft needs --depth N (or --epd FILE)")?;
    let board = match &args.fen {
        Some(fen) => Board::from_fen(fen).map_err(|e| e.to_string())?,
        None => Board::startpos(),
    };
    let start = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (mv, count) in divide(&board, depth) {
            emit(&format!("{mv}: {count}"));
            total += count;
        }
        emit("");
        total
    } else {
        perft(&board, depth)
    };
    print_speed_line(nodes, start);
    Ok(ExitCode::SUCCESS)
}

fn print_speed_line(nodes: u64, start: Instant) {
    let seconds = start.elapsed().as_secs_f64();
    let mnps = if seconds > 0.0 { nodes as f64 / seconds / 1e6 } else { 0.0 };
    emit(&format!("nodes {nodes} time_ms {} mnps {mnps:.1}", (seconds * 1000.0).round() as u64));
}

fn run_suite(path: &PathBuf, max_depth: u32) -> Result<ExitCode, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let cases = parse_perft_suite(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let (mut passed, mut failed, mut total_nodes) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    for case in &cases {
        let board = match Board::from_fen(&case.fen) {
            Ok(board) => board,
            Err(e) => {
                emit(&format!("FAIL {}: {e}", case.fen));
                failed += case.expected.len() as u64;
                continue;
            }
        };
        for &(depth, expected) in case.expected.iter().filter(|(depth, _)| *depth <= max_depth) {
            let actual = perft(&board, depth);
            total_nodes += actual;
            if actual == expected {
                passed += 1;
            } else {
                failed += 1;
                emit(&format!("FAIL {} depth {depth} expected {expected} actual {actual}", case.fen));
            }
        }
    }
    print_speed_line(total_nodes, start);
    emit(&format!("{passed} passed, {failed} failed"));
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
