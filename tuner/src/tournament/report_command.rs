//! `tuner report JOURNAL`: the report of any results journal (finished,
//! interrupted or still being written), from the journal alone.

use crate::tournament::report::{journal_report, write_elo_chart};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// A results journal (`tournament.journal` of a match config)
    pub journal: PathBuf,
    /// Also draw each pairing's running Elo with its 95 % band (SVG)
    #[arg(long, value_name = "FILE")]
    pub chart: Option<PathBuf>,
}

pub fn run_report(args: &ReportArgs) -> Result<String, String> {
    let mut report = journal_report(&args.journal)?;
    if let Some(chart) = &args.chart {
        write_elo_chart(&args.journal, chart)?;
        report += &format!("\nchart: {}", chart.display());
    }
    Ok(report)
}
