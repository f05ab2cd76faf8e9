//! `tuner fit curve`: the score-to-result curve of one player's games.
//!
//! The trappy root counts a move's expected score on a logistic curve
//! (`TrapResultCentre`, `TrapResultScale`). The engine's own curve (even
//! at 0, 400 cp per unit) is what two engines of equal strength score;
//! against players who blunder, the same score wins far more often. This
//! reads the scores a player reported in its PGN comments (`{-1.25/6 ...}`,
//! from the mover's side, as cutechess and our matches write them) with
//! the result of each game, and finds the centre and scale that make the
//! results likeliest.

use clap::Args;
use engine::result_curve::ResultCurve;
use engine::tunables::TunableSpec;
use matches::pgn_reader::{read_pgn, PgnGame};
use movegen::Color;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CurveArgs {
    /// PGN files with the player's games and scores in the move comments
    #[arg(required = true)]
    pub pgn: Vec<PathBuf>,
    /// The player whose scores and results are fitted (as in the White and
    /// Black tags)
    #[arg(long)]
    pub player: String,
}

/// A score the player reported and the points it then took from the game.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ScoredResult {
    pub score: f64,
    pub points: f64,
}

/// Scores beyond this are mates (or close to it) and left out: the engine
/// counts a mate as all or none of the points whatever the curve.
const LARGEST_SCORE: f64 = 10_000.0;

/// The mean log-likelihood of the results on `curve` (each result's
/// points as a share of a win, as a draw is half of one).
pub fn log_likelihood(curve: &ResultCurve, data: &[ScoredResult]) -> f64 {
    let total: f64 = data
        .iter()
        .map(|d| {
            let p = curve.share(d.score).clamp(1e-12, 1.0 - 1e-12);
            d.points * p.ln() + (1.0 - d.points) * (1.0 - p).ln()
        })
        .sum();
    total / data.len().max(1) as f64
}

/// The range of a tunable: the fit stays inside those of
/// `TrapResultCentre` and `TrapResultScale`, so that its options can be set
/// as printed.
fn option_range(name: &str) -> (f64, f64) {
    TunableSpec::named(name).map_or((f64::MIN, f64::MAX), |spec| (f64::from(spec.min), f64::from(spec.max)))
}

/// The curve that makes the results likeliest: a coarse grid, then finer
/// ones around the best point (the likelihood has one peak in practice).
pub fn fit_curve(data: &[ScoredResult]) -> ResultCurve {
    let mut best = ResultCurve::ENGINE;
    let mut best_fit = log_likelihood(&best, data);
    let (mut centre_step, mut scale_factor) = (200.0, 1.25_f64);
    let (centre_range, scale_range) = (option_range("TrapResultCentre"), option_range("TrapResultScale"));
    let (mut centres, mut scales) = (centre_range, scale_range);
    for _ in 0..5 {
        let mut centre = centres.0;
        while centre <= centres.1 {
            let mut scale = scales.0;
            while scale <= scales.1 {
                let candidate = ResultCurve { centre, scale };
                let fit = log_likelihood(&candidate, data);
                if fit > best_fit {
                    (best, best_fit) = (candidate, fit);
                }
                scale *= scale_factor;
            }
            centre += centre_step;
        }
        centres = (
            (best.centre - 2.0 * centre_step).max(centre_range.0),
            (best.centre + 2.0 * centre_step).min(centre_range.1),
        );
        scales = (
            (best.scale / scale_factor / scale_factor).max(scale_range.0),
            (best.scale * scale_factor * scale_factor).min(scale_range.1),
        );
        centre_step /= 4.0;
        scale_factor = scale_factor.sqrt().sqrt();
    }
    best
}

/// Every scored move of `player` in `games`, with the game's points for it.
pub fn scored_results(games: &[PgnGame], player: &str) -> Vec<ScoredResult> {
    let mut found = Vec::new();
    for game in games {
        let Some(white_points) = game.white_points() else { continue };
        let (plays_white, plays_black) = (game.tag("White") == Some(player), game.tag("Black") == Some(player));
        let mut white_to_move = game.start.side_to_move() == Color::White;
        for comment in &game.comments {
            let points = match (white_to_move, plays_white, plays_black) {
                (true, true, _) => Some(white_points),
                (false, _, true) => Some(1.0 - white_points),
                _ => None,
            };
            white_to_move = !white_to_move;
            let score = comment.as_deref().and_then(comment_score).filter(|s| s.abs() < LARGEST_SCORE);
            if let (Some(points), Some(score)) = (points, score) {
                found.push(ScoredResult { score, points });
            }
        }
    }
    found
}

/// The score at the start of a move comment, in centipawns: `+0.35/12`
/// is 35; `-/-`, mates and other comments are none.
fn comment_score(comment: &str) -> Option<f64> {
    let first = comment.split_whitespace().next()?;
    let (score, depth) = first.split_once('/')?;
    depth.parse::<u32>().ok()?;
    score.parse::<f64>().ok().filter(|s| s.is_finite()).map(|pawns| (pawns * 100.0).round())
}

pub fn run_curve(args: &CurveArgs) -> Result<String, String> {
    let mut data = Vec::new();
    for path in &args.pgn {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let games = read_pgn(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        data.extend(scored_results(&games, &args.player));
    }
    if data.is_empty() {
        return Err(format!(
            "no scored move by {} in finished games (scores are read from move comments such as {{+0.35/12 0.2s}})",
            args.player
        ));
    }
    let fitted = fit_curve(&data);
    let n = data.len() as f64;
    let mean_score = data.iter().map(|d| d.score).sum::<f64>() / n;
    let mean_points = data.iter().map(|d| d.points).sum::<f64>() / n;
    let (centres, scales) = (option_range("TrapResultCentre"), option_range("TrapResultScale"));
    let at_edge = [centres.0, centres.1].iter().any(|&c| (fitted.centre - c).abs() < 1.0)
        || [scales.0, scales.1].iter().any(|&s| (fitted.scale - s).abs() < 1.0);
    let warning = match at_edge {
        true => "\nthe fit stopped at the edge of the options' ranges: the results hardly depend on the score",
        false => "",
    };
    Ok(format!(
        "{} scored moves by {}: mean score {mean_score:+.0} cp, mean result {:.1} %\n\
         fitted curve: even at {:+.0} cp, {:.0} cp per unit (log-likelihood {:.4}; the engine's own curve, \
         even at 0 and 400 cp per unit: {:.4})\n\
         options: TrapResultCentre = {:.0}, TrapResultScale = {:.0}{warning}",
        data.len(),
        args.player,
        100.0 * mean_points,
        fitted.centre,
        fitted.scale,
        log_likelihood(&fitted, &data),
        log_likelihood(&ResultCurve::ENGINE, &data),
        fitted.centre,
        fitted.scale,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &str = r#"[Event "t"]
[White "trappy"]
[Black "maia"]
[Result "1-0"]

1. e4 {+0.30/6 0.01s} e5 {-/- 0.001s} 2. Nf3 {+0.45/6 0.01s} (2. Bc4 {+9.00/1}) Nc6
{-/- 0.001s} 3. Bb5 $1 {+M3/6} 1-0

[Event "t"]
[White "maia"]
[Black "trappy"]
[Result "1/2-1/2"]
[FEN "4k3/8/8/8/8/8/8/4K2R b K - 0 1"]

1... Kd7 {-5.00/6} 2.Kf2 {-/-} Kd6 {-4.50/6} 1/2-1/2

[Event "t"]
[White "trappy"]
[Black "maia"]
[Result "*"]

1. d4 {+0.10/6} *
"#;

    #[test]
    fn the_players_scores_are_read_with_the_points_of_their_games() {
        let games = read_pgn(GAMES).expect("valid games");
        let read = scored_results(&games, "trappy");
        let expected = [(30.0, 1.0), (45.0, 1.0), (-500.0, 0.5), (-450.0, 0.5)];
        let got: Vec<(f64, f64)> = read.iter().map(|d| (d.score, d.points)).collect();
        // The variation, the mate, the opponent's comments and the
        // unfinished game are left out; Black's moves after a FEN with
        // Black to move are Black's.
        assert_eq!(got, expected);
        assert!(scored_results(&games, "nobody").is_empty());
    }

    #[test]
    fn the_fit_finds_the_curve_the_results_were_drawn_from() {
        // Results drawn from a curve even at -800 with 300 cp per unit:
        // at each score, the share of wins is the curve's value.
        let truth = ResultCurve { centre: -800.0, scale: 300.0 };
        let mut data = Vec::new();
        for step in -40..=20 {
            let score = f64::from(step) * 50.0;
            let wins = (100.0 * truth.share(score)).round() as usize;
            for i in 0..100 {
                data.push(ScoredResult { score, points: if i < wins { 1.0 } else { 0.0 } });
            }
        }
        let fitted = fit_curve(&data);
        assert!((fitted.centre - truth.centre).abs() < 25.0, "{fitted:?}");
        assert!((fitted.scale / truth.scale - 1.0).abs() < 0.05, "{fitted:?}");
        assert!(log_likelihood(&fitted, &data) > log_likelihood(&ResultCurve::ENGINE, &data));
        // A player who wins from every score pushes the curve to the edge
        // of the options' ranges, never beyond.
        let always_won: Vec<ScoredResult> =
            (-20..=20).map(|step| ScoredResult { score: f64::from(step) * 100.0, points: 1.0 }).collect();
        let edge = fit_curve(&always_won);
        let (centres, scales) = (option_range("TrapResultCentre"), option_range("TrapResultScale"));
        assert!((centres.0..=centres.1).contains(&edge.centre) && (scales.0..=scales.1).contains(&edge.scale));
        assert_eq!(edge.centre, centres.0, "{edge:?}");
    }

    #[test]
    fn a_player_without_scored_moves_is_an_error_naming_it() {
        let dir = std::env::temp_dir().join(format!("trappy-curve-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("games.pgn");
        std::fs::write(&path, GAMES).expect("write");
        let args = |player: &str| CurveArgs { pgn: vec![path.clone()], player: player.into() };
        let error = run_curve(&args("maia")).expect_err("maia reports no scores");
        assert!(error.contains("no scored move by maia"), "{error}");
        let report = run_curve(&args("trappy")).expect("scores");
        assert!(report.contains("4 scored moves by trappy") && report.contains("TrapResultCentre"), "{report}");
        let missing = run_curve(&CurveArgs { pgn: vec![dir.join("none.pgn")], player: "trappy".into() });
        assert!(missing.expect_err("no file").contains("none.pgn"));
        let broken = dir.join("broken.pgn");
        std::fs::write(&broken, "[White \"trappy\"]\n\n1. e4 {+0.30/6} e5 2. Ke3 *\n").expect("write");
        let error = run_curve(&CurveArgs { pgn: vec![broken], player: "trappy".into() }).expect_err("illegal move");
        assert!(error.contains("broken.pgn") && error.contains("move 2"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
