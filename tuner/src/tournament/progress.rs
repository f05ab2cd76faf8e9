//! How a running match shows its progress. On a terminal: an indicatif bar
//! with the first pairing's score. Anywhere else (a log file, nohup, CI):
//! plain lines as cutechess prints them, one per finished game, and the
//! Elo with its pentanomial error and the SPRT status every N games.

use crate::support::progress_bar::terminal_bar;
use indicatif::ProgressBar;
use matches::sprt_plan::SprtPlan;
use matches::stats::{estimate, sprt, Sample, SprtResult};
use matches::tournament::{PairingScore, Progress};
use std::io::Write;

pub struct MatchProgress {
    names: Vec<String>,
    /// `None` when writing plain lines.
    bar: Option<ProgressBar>,
    /// Plain lines: the Elo and SPRT status every this many games.
    status_every: usize,
    sprt: Option<SprtPlan>,
    out: Box<dyn Write>,
}

impl MatchProgress {
    /// A bar when standard error is a terminal, plain lines on `out`
    /// otherwise.
    pub fn new(names: Vec<String>, status_every: usize, sprt: Option<SprtPlan>) -> Result<MatchProgress, String> {
        let bar = terminal_bar(0, "games");
        Ok(MatchProgress { names, bar, status_every: status_every.max(1), sprt, out: Box::new(std::io::stdout()) })
    }

    /// Shows one update; returns the SPRT result once it has decided.
    pub fn update(&mut self, progress: &Progress) -> Option<SprtResult> {
        let first = progress.scores.iter().next();
        let verdict = self.sprt.as_ref().map(|plan| sprt(&plan.sample(progress.scores), &plan.config));
        match &self.bar {
            Some(bar) => {
                bar.set_length(progress.total as u64);
                bar.set_position(progress.finished as u64);
                if let Some((pairing, score)) = first {
                    bar.set_message(format!("{} {}", self.score_text(*pairing, score), elo_text(score)));
                }
            }
            None => self.write_lines(progress, verdict.as_ref()),
        }
        verdict.filter(|test| test.decision.is_some())
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    fn score_text(&self, pairing: (usize, usize), score: &PairingScore) -> String {
        let g = score.games;
        let games = g.wins + g.draws + g.losses;
        let ratio = (g.wins as f64 + 0.5 * g.draws as f64) / games.max(1) as f64;
        format!(
            "Score of {} vs {}: {} - {} - {} [{ratio:.3}] {games}",
            self.names[pairing.0], self.names[pairing.1], g.wins, g.losses, g.draws
        )
    }

    fn write_lines(&mut self, progress: &Progress, verdict: Option<&SprtResult>) {
        let Some(record) = progress.last else { return };
        let mut text = format!(
            "Finished game {} ({} vs {}): {} {{{}}}\n",
            progress.finished,
            record.white,
            record.black,
            record.result.pgn(),
            record.termination.result_comment(record.result)
        );
        let pairing = progress.scores.iter().find(|((a, b), _)| {
            let (a, b) = (&self.names[*a], &self.names[*b]);
            (a == &record.white && b == &record.black) || (a == &record.black && b == &record.white)
        });
        if let Some((pairing, score)) = pairing {
            text += &format!("{}\n", self.score_text(*pairing, score));
        }
        if progress.finished.is_multiple_of(self.status_every) || progress.finished == progress.total {
            for ((a, b), score) in progress.scores {
                text += &format!("{} vs {}: {}\n", self.names[*a], self.names[*b], elo_text(score));
            }
            if let (Some(test), Some(plan)) = (verdict, &self.sprt) {
                text += &format!(
                    "SPRT ({}): LLR {:.2} ({:.2}, {:.2})\n",
                    plan.label, test.llr, test.lower_bound, test.upper_bound
                );
            }
        }
        // A closed output is no reason to stop the match.
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }
}

/// Elo from the pairs when there are any (pentanomial error), else from
/// the games.
fn elo_text(score: &PairingScore) -> String {
    let p = score.pairs;
    let has_pairs = p.ll + p.ld + p.dd_wl + p.wd + p.ww > 0;
    let sample = if has_pairs { Sample::Pentanomial(p) } else { Sample::Trinomial(score.games) };
    match estimate(&sample).filter(|e| e.elo.is_finite() && e.elo_error.is_finite()) {
        Some(e) => format!(
            "Elo {:+.1} +/- {:.1} ({}), nElo {:+.1} +/- {:.1}",
            // Adding 0.0 turns a negative zero into a plain one.
            e.elo + 0.0,
            e.elo_error,
            if has_pairs { "pentanomial" } else { "trinomial" },
            e.nelo + 0.0,
            e.nelo_error
        ),
        None => "Elo undefined so far".to_string(),
    }
}
