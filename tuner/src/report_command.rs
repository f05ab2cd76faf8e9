//! `tuner report JOURNAL`: the report of any results journal (finished,
//! interrupted or still being written), from the journal alone.

use crate::match_command::{pairing_line, summary_table};
use clap::Args;
use matches::journal::read_journal;
use matches::journal_scores::score_journal;
use matches::tournament::TournamentKind;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// A results journal (`tournament.journal` of a match config)
    pub journal: PathBuf,
}

/// Per-pairing results, pentanomial counts, Elo, terminations and trappy
/// counters of a journal.
pub fn journal_report(path: &Path) -> Result<String, String> {
    if !path.is_file() {
        return Err(format!("journal {} does not exist", path.display()));
    }
    let entries = read_journal(path)?;
    let (names, scores) = score_journal(&entries);
    let mut report = format!("{} ({} games)\n", path.display(), entries.len());
    for (pairing, score) in &scores {
        report += &pairing_line(&names, *pairing, score);
        report.push('\n');
    }
    if scores.len() > 1 {
        report += &summary_table(&names, TournamentKind::RoundRobin, &scores);
    }
    Ok(report.trim_end().to_string())
}

pub fn run_report(args: &ReportArgs) -> Result<String, String> {
    journal_report(&args.journal)
}
