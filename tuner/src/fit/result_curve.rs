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

/// A logistic curve: even at `centre`, `scale` centipawns per unit.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Curve {
    pub centre: f64,
    pub scale: f64,
}

impl Curve {
    fn points(&self, score: f64) -> f64 {
        1.0 / (1.0 + (-(score - self.centre) / self.scale).exp())
    }

    /// The mean log-likelihood of the results (each result's points as a
    /// share of a win, as a draw is half of one).
    pub fn log_likelihood(&self, data: &[ScoredResult]) -> f64 {
        let total: f64 = data
            .iter()
            .map(|d| {
                let p = self.points(d.score).clamp(1e-12, 1.0 - 1e-12);
                d.points * p.ln() + (1.0 - d.points) * (1.0 - p).ln()
            })
            .sum();
        total / data.len().max(1) as f64
    }
}

/// The ranges of `TrapResultCentre` and `TrapResultScale`: the fit stays
/// inside them, so that its options can be set as printed.
const CENTRES: (f64, f64) = (-3000.0, 3000.0);
const SCALES: (f64, f64) = (100.0, 4000.0);

/// The curve that makes the results likeliest: a coarse grid, then finer
/// ones around the best point (the likelihood has one peak in practice).
pub fn fit_curve(data: &[ScoredResult]) -> Curve {
    let mut best = Curve { centre: 0.0, scale: 400.0 };
    let mut best_fit = best.log_likelihood(data);
    let (mut centre_step, mut scale_factor) = (200.0, 1.25_f64);
    let (mut centres, mut scales) = (CENTRES, SCALES);
    for _ in 0..5 {
        let mut centre = centres.0;
        while centre <= centres.1 {
            let mut scale = scales.0;
            while scale <= scales.1 {
                let candidate = Curve { centre, scale };
                let fit = candidate.log_likelihood(data);
                if fit > best_fit {
                    (best, best_fit) = (candidate, fit);
                }
                scale *= scale_factor;
            }
            centre += centre_step;
        }
        centres = ((best.centre - 2.0 * centre_step).max(CENTRES.0), (best.centre + 2.0 * centre_step).min(CENTRES.1));
        scales = (
            (best.scale / scale_factor / scale_factor).max(SCALES.0),
            (best.scale * scale_factor * scale_factor).min(SCALES.1),
        );
        centre_step /= 4.0;
        scale_factor = scale_factor.sqrt().sqrt();
    }
    best
}

/// Every scored move of `player` in `text`, with the game's points for it.
pub fn scored_results(text: &str, player: &str) -> Vec<ScoredResult> {
    let mut found = Vec::new();
    for game in games(text) {
        let tag = |name: &str| game.tags.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str());
        let white_points = match tag("Result") {
            Some("1-0") => 1.0,
            Some("0-1") => 0.0,
            Some("1/2-1/2") => 0.5,
            _ => continue,
        };
        let white_starts = tag("FEN").is_none_or(|fen| fen.split_whitespace().nth(1) != Some("b"));
        let (plays_white, plays_black) = (tag("White") == Some(player), tag("Black") == Some(player));
        for (index, comment) in move_comments(&game.movetext) {
            let white_moved = (index % 2 == 0) == white_starts;
            let points = match (white_moved, plays_white, plays_black) {
                (true, true, _) => white_points,
                (false, _, true) => 1.0 - white_points,
                _ => continue,
            };
            if let Some(score) = comment_score(&comment).filter(|s| s.abs() < LARGEST_SCORE) {
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

struct GameText {
    tags: Vec<(String, String)>,
    movetext: String,
}

/// The games of a PGN file: their tags and their movetext.
fn games(text: &str) -> Vec<GameText> {
    let mut games = Vec::new();
    let mut current: Option<GameText> = None;
    let mut in_movetext = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') && !in_movetext {
            let game = current.get_or_insert_with(|| GameText { tags: Vec::new(), movetext: String::new() });
            if let Some((key, value)) = line.trim_start_matches('[').trim_end_matches(']').split_once(' ') {
                game.tags.push((key.to_string(), value.trim().trim_matches('"').to_string()));
            }
        } else if let (false, Some(game)) = (line.is_empty(), current.as_mut()) {
            in_movetext = true;
            game.movetext.push_str(line);
            game.movetext.push(' ');
        } else if line.is_empty() && in_movetext {
            in_movetext = false;
            games.extend(current.take());
        }
    }
    games.extend(current);
    games
}

/// The comments after each move of `movetext`, by the move's index in the
/// game (0 first). Variations and NAGs are skipped; a move is any other
/// token that is not a move number or a result.
fn move_comments(movetext: &str) -> Vec<(usize, String)> {
    let mut comments = Vec::new();
    let mut chars = movetext.chars();
    let (mut moves, mut depth) = (0usize, 0usize);
    let mut token = String::new();
    let end_token = |token: &mut String, moves: &mut usize| {
        let is_number = token.trim_end_matches('.').chars().all(|c| c.is_ascii_digit());
        let is_result = ["1-0", "0-1", "1/2-1/2", "*"].contains(&token.as_str());
        if !token.is_empty() && !is_number && !is_result && !token.starts_with('$') {
            *moves += 1;
        }
        token.clear();
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                end_token(&mut token, &mut moves);
                let comment: String = chars.by_ref().take_while(|&c| c != '}').collect();
                if depth == 0 && moves > 0 {
                    comments.push((moves - 1, comment));
                }
            }
            '(' => {
                end_token(&mut token, &mut moves);
                depth += 1;
            }
            ')' => depth = depth.saturating_sub(1),
            c if c.is_whitespace() => end_token(&mut token, &mut moves),
            c if depth == 0 => {
                // A number glued to its move ("9.Nf4") ends at the move.
                if c != '.' && token.ends_with('.') {
                    end_token(&mut token, &mut moves);
                }
                token.push(c);
            }
            _ => {}
        }
    }
    comments
}

pub fn run_curve(args: &CurveArgs) -> Result<String, String> {
    let mut data = Vec::new();
    for path in &args.pgn {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        data.extend(scored_results(&text, &args.player));
    }
    if data.is_empty() {
        return Err(format!(
            "no scored move by {} in finished games (scores are read from move comments such as {{+0.35/12 0.2s}})",
            args.player
        ));
    }
    let fitted = fit_curve(&data);
    let engine = Curve { centre: 0.0, scale: engine::search::score::RESULT_SCALE };
    let n = data.len() as f64;
    let mean_score = data.iter().map(|d| d.score).sum::<f64>() / n;
    let mean_points = data.iter().map(|d| d.points).sum::<f64>() / n;
    let at_edge = [CENTRES.0, CENTRES.1].iter().any(|&c| (fitted.centre - c).abs() < 1.0)
        || [SCALES.0, SCALES.1].iter().any(|&s| (fitted.scale - s).abs() < 1.0);
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
        fitted.log_likelihood(&data),
        engine.log_likelihood(&data),
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
        let read = scored_results(GAMES, "trappy");
        let expected = [(30.0, 1.0), (45.0, 1.0), (-500.0, 0.5), (-450.0, 0.5)];
        let got: Vec<(f64, f64)> = read.iter().map(|d| (d.score, d.points)).collect();
        // The variation, the mate, the opponent's comments and the
        // unfinished game are left out; Black's moves after a FEN with
        // Black to move are Black's.
        assert_eq!(got, expected);
        assert!(scored_results(GAMES, "nobody").is_empty());
    }

    #[test]
    fn the_fit_finds_the_curve_the_results_were_drawn_from() {
        // Results drawn from a curve even at -800 with 300 cp per unit:
        // at each score, the share of wins is the curve's value.
        let truth = Curve { centre: -800.0, scale: 300.0 };
        let mut data = Vec::new();
        for step in -40..=20 {
            let score = f64::from(step) * 50.0;
            let wins = (100.0 * truth.points(score)).round() as usize;
            for i in 0..100 {
                data.push(ScoredResult { score, points: if i < wins { 1.0 } else { 0.0 } });
            }
        }
        let fitted = fit_curve(&data);
        assert!((fitted.centre - truth.centre).abs() < 25.0, "{fitted:?}");
        assert!((fitted.scale / truth.scale - 1.0).abs() < 0.05, "{fitted:?}");
        assert!(fitted.log_likelihood(&data) > Curve { centre: 0.0, scale: 400.0 }.log_likelihood(&data));
        // A player who wins from every score pushes the curve to the edge
        // of the options' ranges, never beyond.
        let always_won: Vec<ScoredResult> =
            (-20..=20).map(|step| ScoredResult { score: f64::from(step) * 100.0, points: 1.0 }).collect();
        let edge = fit_curve(&always_won);
        assert!((CENTRES.0..=CENTRES.1).contains(&edge.centre) && (SCALES.0..=SCALES.1).contains(&edge.scale));
        assert_eq!(edge.centre, CENTRES.0, "{edge:?}");
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
        let _ = std::fs::remove_dir_all(&dir);
    }
}
