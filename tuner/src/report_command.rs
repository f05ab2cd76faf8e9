//! `tuner report JOURNAL`: the report of any results journal (finished,
//! interrupted or still being written), from the journal alone.

use crate::match_command::{pairing_line, summary_table};
use crate::svg_chart::{panels_svg, Panel};
use clap::Args;
use matches::journal::read_journal;
use matches::journal_scores::{running_elo, score_journal};
use matches::tournament::TournamentKind;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// A results journal (`tournament.journal` of a match config)
    pub journal: PathBuf,
    /// Also draw each pairing's running Elo with its 95 % band (SVG)
    #[arg(long, value_name = "FILE")]
    pub chart: Option<PathBuf>,
}

/// Each pairing's Elo as games accumulate, with the 95 % band, one panel
/// per pairing, written to `chart`.
pub fn write_elo_chart(journal: &Path, chart: &Path) -> Result<(), String> {
    let entries = read_journal(journal)?;
    let (names, curves) = running_elo(&entries);
    let panels: Vec<Panel> = curves
        .iter()
        .map(|((a, b), curve)| {
            let last = curve.last().map_or(String::new(), |p| {
                format!("Elo {:+.1} (95 % {:+.1} to {:+.1}) after {} games", p.elo, p.low, p.high, p.games)
            });
            Panel {
                title: format!("{} vs {}", names[*a], names[*b]),
                subtitle: last,
                x_label: "games".into(),
                lines: vec![curve.iter().map(|p| (p.games as f64, p.elo)).collect()],
                band: curve.iter().map(|p| (p.games as f64, p.low, p.high)).collect(),
                reference: Some(0.0),
                ..Panel::default()
            }
        })
        .collect();
    let title = format!("Elo with 95 % interval (pentanomial) as games accumulate: {}", journal.display());
    if let Some(dir) = chart.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(chart, panels_svg(&title, &panels, 2))
        .map_err(|e| format!("cannot write chart {}: {e}", chart.display()))
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
    let mut report = journal_report(&args.journal)?;
    if let Some(chart) = &args.chart {
        write_elo_chart(&args.journal, chart)?;
        report += &format!("\nchart: {}", chart.display());
    }
    Ok(report)
}
