//! The report of a results journal: each pairing's result, Elo,
//! pentanomial counts, terminations and trappy counters, one table of all
//! pairings (with whole-pool rows for a pool), and for a pool the paired
//! comparison of its players. `tuner match` (finished or interrupted) and
//! `tuner report` print it from the journal alone, so they agree.

use crate::support::svg_chart::{panels_svg, Panel};
use matches::journal::{read_journal_with_layout, JournalEntry};
use matches::journal_scores::{running_elo, JournalSchedule};
use matches::stats::{compare_paired, estimate, why_elo_undefined, PairedComparison, Sample};
use matches::tournament::{paired_scores, PairingScore, ScheduledGame, TournamentKind};
use std::collections::BTreeMap;
use std::path::Path;

/// The report of the journal at `path`: a title line with the event, the
/// journal and its game count, then every pairing, the table and the
/// paired comparison.
pub fn journal_report(path: &Path) -> Result<String, String> {
    if !path.is_file() {
        return Err(format!("journal {} does not exist", path.display()));
    }
    let (layout, entries) = read_journal_with_layout(path)?;
    let schedule = JournalSchedule::new(layout.as_ref(), &entries);
    let scores = schedule.scores(&entries);
    let title = match &schedule.event {
        Some(event) => format!("{event}, journal {}", path.display()),
        None => path.display().to_string(),
    };
    let mut report = format!("{title} ({} games)\n", entries.len());
    for (pairing, score) in &scores {
        report += &pairing_line(&schedule.names, *pairing, score);
        report.push('\n');
    }
    if scores.len() > 1 {
        report += &summary_table(&schedule.names, schedule.kind, &scores);
    }
    if let TournamentKind::Pool { candidates, .. } = schedule.kind {
        report += &paired_section(&schedule.names, candidates, &schedule.games, &entries);
    }
    Ok(report.trim_end().to_string())
}

/// Each pairing's Elo as games accumulate, with the 95 % band, one panel
/// per pairing, written to `chart`. A pairing whose Elo has no interval
/// yet says why on its panel.
pub fn write_elo_chart(journal: &Path, chart: &Path) -> Result<(), String> {
    let (layout, entries) = read_journal_with_layout(journal)?;
    let schedule = JournalSchedule::new(layout.as_ref(), &entries);
    let (names, curves) = (&schedule.names, running_elo(&schedule, &entries));
    let mut panels: Vec<Panel> = schedule
        .scores(&entries)
        .iter()
        .map(|((a, b), score)| {
            let curve = curves.get(&(*a, *b)).map_or(&[][..], Vec::as_slice);
            let games = &score.games;
            let mut panel = Panel {
                title: format!("{} vs {}", names[*a], names[*b]),
                subtitle: format!("+{} ={} -{}", games.wins, games.draws, games.losses),
                x_label: "games".into(),
                lines: vec![curve.iter().map(|p| (p.games as f64, p.elo)).collect()],
                band: curve.iter().map(|p| (p.games as f64, p.low, p.high)).collect(),
                reference: Some(0.0),
                ..Panel::default()
            };
            match curve.last() {
                Some(p) => {
                    panel.subtitle =
                        format!("Elo {:+.1} (95 % {:+.1} to {:+.1}) after {} games", p.elo, p.low, p.high, p.games)
                }
                None => panel.note = format!("No Elo to draw: {}.", why_no_interval(score)),
            }
            panel
        })
        .collect();
    if panels.is_empty() {
        panels.push(Panel {
            title: "no games".into(),
            note: "The journal holds no finished game yet.".into(),
            ..Panel::default()
        });
    }
    let title = format!("Elo with 95 % interval (pentanomial) as games accumulate: {}", journal.display());
    if let Some(dir) = chart.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(chart, panels_svg(&title, &panels, 2))
        .map_err(|e| format!("cannot write chart {}: {e}", chart.display()))
}

/// Why a pairing's Elo has no 95 % interval to draw.
fn why_no_interval(score: &PairingScore) -> &'static str {
    match estimate(&Sample::Pentanomial(score.pairs)) {
        None => "no game pair is complete yet, and the interval is counted over pairs",
        Some(e) => why_elo_undefined(&e).unwrap_or("every pair scored the same, so the interval has no width"),
    }
}

fn pairing_line(names: &[String], pairing: (usize, usize), score: &PairingScore) -> String {
    let sample = Sample::Pentanomial(score.pairs);
    let games = Sample::Trinomial(score.games);
    let used = if score.pairs.ll + score.pairs.ld + score.pairs.dd_wl + score.pairs.wd + score.pairs.ww > 0 {
        sample
    } else {
        games
    };
    let mut line = format!(
        "{} vs {}: +{} ={} -{}",
        names[pairing.0], names[pairing.1], score.games.wins, score.games.draws, score.games.losses
    );
    match estimate(&used) {
        Some(e) if why_elo_undefined(&e).is_some() => {
            line += &format!("  Elo undefined ({})", why_elo_undefined(&e).unwrap_or_default());
        }
        Some(e) if e.elo_error == 0.0 => {
            // Every pair scored the same: a point estimate without an error.
            // Adding 0.0 turns a negative zero into a plain one.
            line += &format!("  Elo {:+.1} (no error bar: every pair scored the same)", e.elo + 0.0);
        }
        Some(e) => {
            line += &format!(
                "  Elo {:+.1} +/- {:.1}  nElo {:+.1} +/- {:.1}  LOS {:.1} %  DrawRatio {:.1} %",
                e.elo + 0.0,
                e.elo_error,
                e.nelo + 0.0,
                e.nelo_error,
                100.0 * e.los,
                100.0 * e.draw_ratio
            )
        }
        None => {}
    }
    let p = score.pairs;
    line += &format!("\n    Ptnml(0-2): [{}, {}, {}, {}, {}]", p.ll, p.ld, p.dd_wl, p.wd, p.ww);
    let terminations: Vec<String> = score.terminations.iter().map(|(k, v)| format!("{k} {v}")).collect();
    line += &format!("\n    terminations: {}", terminations.join(", "));
    let games = (score.games.wins + score.games.draws + score.games.losses).max(1) as f64;
    for (seat, counts) in [pairing.0, pairing.1].iter().zip(&score.trappy) {
        if counts.moves > 0 {
            line += &format!(
                "\n    {}: differs from plain on {:.1} % of {} moves; traps set {:.2}/game, fallen into {:.2}/game",
                names[*seat],
                100.0 * counts.differs as f64 / counts.moves as f64,
                counts.moves,
                counts.traps_set as f64 / games,
                counts.traps_fallen as f64 / games
            );
            line += &format!(
                "\n    {}: predicted reply played {:.1} % of {} times; profit realised {:+.0} cp per trap sprung",
                names[*seat],
                100.0 * counts.predictions_played as f64 / counts.predictions.max(1) as f64,
                counts.predictions,
                counts.profit_realised_cp as f64 / counts.traps_fallen.max(1) as f64
            );
        }
    }
    line
}

fn table_row(label: &str, score: &PairingScore) -> String {
    let g = score.games;
    let elo = estimate(&Sample::Pentanomial(score.pairs))
        .filter(|e| e.elo.is_finite() && e.elo_error.is_finite())
        .map_or("n/a".to_string(), |e| format!("{:+.1} ± {:.1}", e.elo, e.elo_error));
    let p = score.pairs;
    let counts = score.trappy[0];
    let games = (g.wins + g.draws + g.losses).max(1) as f64;
    let trappy = if counts.moves > 0 {
        format!(
            "{:.1} % | {:.2} | {:.2}",
            100.0 * counts.differs as f64 / counts.moves as f64,
            counts.traps_set as f64 / games,
            counts.traps_fallen as f64 / games
        )
    } else {
        "– | – | –".to_string()
    };
    format!(
        "| {label} | +{} ={} −{} | {elo} | [{}, {}, {}, {}, {}] | {trappy} |\n",
        g.wins, g.draws, g.losses, p.ll, p.ld, p.dd_wl, p.wd, p.ww
    )
}

/// One Markdown table of every pairing, from the first player's side, with
/// its trappy counters: the headline table of a pool experiment. A pool
/// also gets one row per player for the whole pool.
fn summary_table(names: &[String], kind: TournamentKind, scores: &BTreeMap<(usize, usize), PairingScore>) -> String {
    let mut table = String::from(
        "\n| pairing | W / D / L | Elo ± 95% | pentanomial | differs from plain | traps set / game | fallen into / game |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for ((first, second), score) in scores {
        table += &table_row(&format!("{} vs {}", names[*first], names[*second]), score);
    }
    if let TournamentKind::Pool { candidates, .. } = kind {
        for (player, name) in names.iter().enumerate().take(candidates) {
            let mut total = PairingScore::default();
            for (_, score) in scores.iter().filter(|((first, second), _)| *first == player && *second >= candidates) {
                total.absorb(score);
            }
            table += &table_row(&format!("**{name} vs the whole pool**"), &total);
        }
    }
    table
}

/// For a pool with several players: each two of them compared pair by
/// pair on the same opponents and openings, under a heading that says how
/// to read it, each line followed by its verdict in words.
fn paired_section(names: &[String], candidates: usize, games: &[ScheduledGame], entries: &[JournalEntry]) -> String {
    let mut text = String::new();
    for a in 0..candidates.min(names.len()) {
        for b in a + 1..candidates.min(names.len()) {
            let Some(c) = compare_paired(&paired_scores(games, entries, a, b)) else { continue };
            let (elo, low, high) = c.elo();
            text += &format!(
                "paired: {} - {} over {} opening pairs ({} differ): {:+.2} ± {:.2} points per 100 games, \
                 Elo {elo:+.1} (95 % {low:+.1} to {high:+.1})\n    {}\n",
                names[a],
                names[b],
                c.pairs,
                c.differing,
                100.0 * c.difference,
                100.0 * c.error,
                paired_verdict(&names[a], &names[b], &c)
            );
        }
    }
    if text.is_empty() {
        return text;
    }
    "\nPaired comparison of the players: on each opening, with both colours, against the same opponent, \
     the first player's score minus the second's, averaged over the pairs with its 95 % interval:\n"
        .to_string()
        + &text
}

/// The paired comparison in words: both scores over the pairs they share
/// and whether the 95 % interval leaves 0 out.
fn paired_verdict(first: &str, second: &str, c: &PairedComparison) -> String {
    let scores =
        format!("{first} {:.1} %, {second} {:.1} % on the same pairs", 100.0 * c.first_score, 100.0 * c.second_score);
    let verdict = if c.difference - c.error > 0.0 {
        format!("{first} scored more, the 95 % interval above 0")
    } else if c.difference + c.error < 0.0 {
        format!("{second} scored more, the 95 % interval below 0")
    } else {
        "the 95 % interval includes 0: no difference shown at this size".to_string()
    };
    format!("{scores}: {verdict}")
}
