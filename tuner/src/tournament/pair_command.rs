//! `tuner pair A B GAMES.pgn...`: the paired comparison of two players
//! who met the same opponents on the same colour-swapped openings, read
//! from PGN files, one run's or several (a player run alone on a config's
//! openings, `tuner match --players`, against the games another run played
//! there). Each opening pair is scored for both players, and the mean of
//! the per-pair differences cancels most of the noise the opening and the
//! opponent add (`matches::stats::compare_paired`, as `tuner report` pairs
//! the players of one journal).
//!
//! An opening is known by its start position and its book moves (our PGN
//! marks them with a `book` comment). At odds the two games of a pair start
//! from different positions, each without the short side's pieces; with
//! `--odds` (the config's `odds.piece`) both are keyed by the position
//! without either side's, which they share.

use clap::Args;
use matches::odds::{without_odds_pieces, OddsPiece};
use matches::pgn_reader::{read_pgn, PgnGame};
use matches::stats::{compare_paired, PairedScores};
use std::collections::HashMap;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct PairArgs {
    /// The first player (as in the White and Black tags)
    pub first: String,
    /// The second player
    pub second: String,
    /// PGN files holding both players' games (the first player's alone
    /// with --second-pgn)
    #[arg(required = true)]
    pub pgn: Vec<PathBuf>,
    /// PGN files holding the second player's games, when they are another
    /// run's (then the two players may share a name)
    #[arg(long, num_args = 1..)]
    pub second_pgn: Vec<PathBuf>,
    /// The pieces the players were short (`queen`, `rook+knight`, as the
    /// config's odds.piece), when they played at odds
    #[arg(long)]
    pub odds: Option<String>,
}

/// Where a game started: the opening, the opponent and the colour.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Seat {
    opponent: String,
    opening: String,
    white: bool,
}

/// `player`'s points per seat, from every finished game of theirs against
/// anyone but `rival`.
fn points_by_seat(
    games: &[PgnGame],
    player: &str,
    rival: &str,
    odds: &[OddsPiece],
) -> Result<HashMap<Seat, Vec<f64>>, String> {
    let mut seats = HashMap::new();
    for game in games {
        let Some(white_points) = game.white_points() else { continue };
        let (white, black) = (game.tag("White").unwrap_or_default(), game.tag("Black").unwrap_or_default());
        let (white_seat, opponent) = match (white == player, black == player) {
            (true, false) => (true, black),
            (false, true) => (false, white),
            _ => continue,
        };
        if opponent == rival {
            continue;
        }
        let opening = opening_key(game, odds, white_seat)?;
        let points = if white_seat { white_points } else { 1.0 - white_points };
        let seat = Seat { opponent: opponent.to_string(), opening, white: white_seat };
        seats.entry(seat).or_insert_with(Vec::new).push(points);
    }
    Ok(seats)
}

/// The opening a game was played on: its start without the odds of the
/// side that did not give them (so both games of a pair share it), and its
/// book moves.
fn opening_key(game: &PgnGame, odds: &[OddsPiece], player_is_white: bool) -> Result<String, String> {
    let start = if odds.is_empty() {
        game.start.clone()
    } else {
        let other_side = if player_is_white { [false, true] } else { [true, false] };
        without_odds_pieces(&game.start, odds, other_side)?
    };
    let book =
        game.moves.iter().zip(&game.comments).take_while(|(_, c)| c.as_deref().is_some_and(|c| c.contains("book")));
    let moves: Vec<String> = book.map(|(mv, _)| mv.to_string()).collect();
    Ok(format!("{} {}", start.to_fen(), moves.join(" ")))
}

/// The pairs both players played whole: per opponent and opening, one game
/// with each colour, in points per game.
fn opening_pairs(seats: &[HashMap<Seat, Vec<f64>>; 2]) -> Vec<PairedScores> {
    let pair_points = |index: usize, opponent: &str, opening: &str| -> Option<f64> {
        let game = |white: bool| {
            let seat = Seat { opponent: opponent.to_string(), opening: opening.to_string(), white };
            seats[index].get(&seat).filter(|points| points.len() == 1).map(|points| points[0])
        };
        Some((game(true)? + game(false)?) / 2.0)
    };
    let mut keys: Vec<(&str, &str)> =
        seats[0].keys().filter(|seat| seat.white).map(|seat| (seat.opponent.as_str(), seat.opening.as_str())).collect();
    keys.sort();
    keys.into_iter()
        .filter_map(|(opponent, opening)| {
            Some(PairedScores { first: pair_points(0, opponent, opening)?, second: pair_points(1, opponent, opening)? })
        })
        .collect()
}

fn read_games(paths: &[PathBuf]) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        games.extend(read_pgn(&text).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    Ok(games)
}

pub fn run_pair(args: &PairArgs) -> Result<String, String> {
    let odds = match &args.odds {
        Some(text) => OddsPiece::parse_list(text).map_err(|e| format!("--odds: {e}"))?,
        None => Vec::new(),
    };
    if args.first == args.second && args.second_pgn.is_empty() {
        return Err(format!("{} against itself: give the second run's games with --second-pgn", args.first));
    }
    let first_games = read_games(&args.pgn)?;
    let second_games = if args.second_pgn.is_empty() { first_games.clone() } else { read_games(&args.second_pgn)? };
    let seats = [
        points_by_seat(&first_games, &args.first, &args.second, &odds)?,
        points_by_seat(&second_games, &args.second, &args.first, &odds)?,
    ];
    let pairs = opening_pairs(&seats);
    let Some(c) = compare_paired(&pairs) else {
        return Err(format!(
            "fewer than two openings that {} and {} both played with each colour against the same opponent{}",
            args.first,
            args.second,
            if odds.is_empty() && first_games.iter().any(|game| game.tag("FEN").is_some()) {
                " (games at odds need --odds)"
            } else {
                ""
            }
        ));
    };
    let (elo, low, high) = c.elo();
    Ok(format!(
        "paired: {} - {} over {} opening pairs ({} differ): {:+.2} ± {:.2} points per 100 games, \
         Elo {elo:+.1} (95 % {low:+.1} to {high:+.1}); scores {:.1} % and {:.1} %",
        args.first,
        args.second,
        c.pairs,
        c.differing,
        100.0 * c.difference,
        100.0 * c.error,
        100.0 * c.first_score,
        100.0 * c.second_score,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game from the position after 1. e4 e5 with `short`'s queen gone,
    /// as the harness writes one at queen odds (no book moves then).
    fn at_odds(white: &str, black: &str, short_white: bool, result: &str) -> String {
        let fen = if short_white {
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 2"
        } else {
            "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        };
        format!(
            "[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n\
             1. Nf3 {{+0.10/6 0.01s}} Nc6 {{-0.20/1 0.001s}} {result}\n\n"
        )
    }

    fn from_start(white: &str, black: &str, first: &str, result: &str) -> String {
        format!(
            "[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n\
             1. {first} {{-/- 0.000s, book}} e5 {{-/- 0.000s, book}} 2. Nf3 {{+0.1/6 0.01s}} {result}\n\n"
        )
    }

    fn compare(pgn: &str, odds: &[OddsPiece]) -> Vec<PairedScores> {
        let games = read_pgn(pgn).expect("valid PGN");
        let seats = [
            points_by_seat(&games, "a", "b", odds).expect("keys"),
            points_by_seat(&games, "b", "a", odds).expect("keys"),
        ];
        opening_pairs(&seats)
    }

    #[test]
    fn pairs_are_matched_by_opponent_opening_and_colour() {
        // a won both games on 1. e4, b drew both; on 1. d4 a drew and b
        // won one; on 1. c4 only a played both games.
        let mut pgn = String::new();
        for (first, a_white, a_black, b_white, b_black) in
            [("e4", "1-0", "0-1", "1/2-1/2", "1/2-1/2"), ("d4", "1/2-1/2", "1/2-1/2", "1-0", "1-0")]
        {
            pgn += &from_start("a", "maia", first, a_white);
            pgn += &from_start("maia", "a", first, a_black);
            pgn += &from_start("b", "maia", first, b_white);
            pgn += &from_start("maia", "b", first, b_black);
        }
        pgn += &from_start("a", "maia", "c4", "1-0");
        pgn += &from_start("maia", "a", "c4", "1-0");
        pgn += &from_start("a", "b", "e4", "1-0");
        let mut pairs = compare(&pgn, &[]);
        pairs.sort_by(|x, y| x.first.total_cmp(&y.first));
        assert_eq!(pairs, vec![PairedScores { first: 0.5, second: 0.5 }, PairedScores { first: 1.0, second: 0.5 }]);
    }

    #[test]
    fn at_odds_the_two_games_of_a_pair_are_matched_only_when_told_the_odds() {
        let mut pgn = String::new();
        for player in ["a", "b"] {
            pgn += &at_odds(player, "maia", true, "1-0");
            pgn += &at_odds("maia", player, false, if player == "a" { "0-1" } else { "1-0" });
        }
        let queen = OddsPiece::parse_list("queen").expect("piece");
        assert_eq!(compare(&pgn, &queen), vec![PairedScores { first: 1.0, second: 0.5 }]);
        assert!(compare(&pgn, &[]).is_empty(), "without the odds the two starts differ");
    }

    #[test]
    fn one_name_in_two_runs_is_paired_across_the_files() {
        let dir = std::env::temp_dir().join(format!("trappy-pair-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let (before, after) = (dir.join("before.pgn"), dir.join("after.pgn"));
        let run = |results: [&str; 4]| {
            from_start("trappy", "maia", "e4", results[0])
                + &from_start("maia", "trappy", "e4", results[1])
                + &from_start("trappy", "maia", "d4", results[2])
                + &from_start("maia", "trappy", "d4", results[3])
        };
        std::fs::write(&before, run(["1-0", "0-1", "1/2-1/2", "1-0"])).expect("write");
        std::fs::write(&after, run(["1/2-1/2", "1-0", "1/2-1/2", "1-0"])).expect("write");
        let args = PairArgs {
            first: "trappy".into(),
            second: "trappy".into(),
            pgn: vec![before.clone()],
            second_pgn: vec![after.clone()],
            odds: None,
        };
        let report = run_pair(&args).expect("two pairs");
        assert!(report.contains("over 2 opening pairs (1 differ): +37.50"), "{report}");
        let alone = PairArgs { second_pgn: vec![], ..args };
        assert!(run_pair(&alone).expect_err("one name, one file").contains("--second-pgn"));
        let missing = PairArgs { second: "b".into(), pgn: vec![dir.join("none.pgn")], ..alone };
        assert!(run_pair(&missing).expect_err("no file").contains("none.pgn"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
