//! The position set `tuner fit` learns from, and how it is made.
//!
//! File format: UTF-8 text, one position per line,
//! `FEN | RESULT | GAME [| SCORE]`, where RESULT is the game's result from
//! White's view (`1.0`, `0.5` or `0.0`), GAME numbers the game the position
//! came from (positions of one game are correlated, so the held-out set is
//! split by game), and the optional SCORE is a reference engine's score in
//! centipawns from White's view (`--stockfish`). Blank lines and lines
//! starting with `#` are skipped.
//!
//! `extract` builds the set from PGN games (our harness's self-play): it
//! replays each finished game and keeps the positions after the opening
//! that are quiet (not in check, and quiescence search finds nothing
//! better than the static evaluation), each once.

use engine::eval::evaluate;
use engine::search::Searcher;
use matches::pgn_reader::read_pgn;
use movegen::Board;
use std::collections::HashSet;
use std::path::Path;

#[derive(Clone, Debug, PartialEq)]
pub struct LabelledPosition {
    pub fen: String,
    /// 1.0 White won, 0.5 draw, 0.0 Black won.
    pub result: f64,
    pub game: u64,
    /// A reference engine's score, centipawns from White's view.
    pub score: Option<i32>,
}

/// Parses a position file; errors name the line.
pub fn parse_positions(text: &str, source: &str) -> Result<Vec<LabelledPosition>, String> {
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: String| format!("{source} line {}: {what}", number + 1);
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let (fen, result, game, score) = match fields[..] {
            [fen, result, game] => (fen, result, game, None),
            [fen, result, game, score] => (fen, result, game, Some(score)),
            _ => return Err(at(format!("expected 'FEN | RESULT | GAME [| SCORE]', found {} field(s)", fields.len()))),
        };
        Board::from_fen(fen).map_err(|e| at(format!("bad FEN: {e}")))?;
        let result = match result {
            "1.0" | "1" => 1.0,
            "0.5" => 0.5,
            "0.0" | "0" => 0.0,
            other => return Err(at(format!("result must be 1.0, 0.5 or 0.0, not '{other}'"))),
        };
        let game = game.parse().map_err(|_| at(format!("game must be a whole number, not '{game}'")))?;
        let score = match score {
            Some(text) => Some(text.parse().map_err(|_| at(format!("score must be whole centipawns, not '{text}'")))?),
            None => None,
        };
        positions.push(LabelledPosition { fen: fen.to_string(), result, game, score });
    }
    if positions.is_empty() {
        return Err(format!("{source} holds no position"));
    }
    Ok(positions)
}

pub fn format_position(position: &LabelledPosition) -> String {
    let line = format!("{} | {:.1} | {}", position.fen, position.result, position.game);
    match position.score {
        Some(score) => format!("{line} | {score}"),
        None => line,
    }
}

/// What `extract` kept and skipped.
#[derive(Debug, Default)]
pub struct ExtractCounts {
    pub games: usize,
    pub unfinished_games: usize,
    pub kept: usize,
    pub not_quiet: usize,
    pub duplicates: usize,
}

/// The quiet positions of every finished game in the PGN files, skipping
/// the first `skip_plies` plies of each game (the opening book).
pub fn extract_positions(files: &[&Path], skip_plies: usize) -> Result<(Vec<LabelledPosition>, ExtractCounts), String> {
    let mut searcher = Searcher::new(1);
    let mut seen = HashSet::new();
    let mut counts = ExtractCounts::default();
    let mut positions = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let games = read_pgn(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for game in games {
            let Some(result) = game.white_points() else {
                counts.unfinished_games += 1;
                continue;
            };
            let number = counts.games as u64;
            counts.games += 1;
            let mut board = game.start.clone();
            for (ply, &mv) in game.moves.iter().enumerate() {
                if ply >= skip_plies {
                    consider(&board, result, number, &mut searcher, &mut seen, &mut counts, &mut positions);
                }
                board.play(mv);
            }
        }
    }
    Ok((positions, counts))
}

fn consider(
    board: &Board,
    result: f64,
    game: u64,
    searcher: &mut Searcher,
    seen: &mut HashSet<u64>,
    counts: &mut ExtractCounts,
    positions: &mut Vec<LabelledPosition>,
) {
    if board.in_check() || searcher.quiescence(board) != evaluate(board, searcher.tunables()) {
        counts.not_quiet += 1;
        return;
    }
    if !seen.insert(board.hash()) {
        counts.duplicates += 1;
        return;
    }
    counts.kept += 1;
    positions.push(LabelledPosition { fen: board.to_fen(), result, game, score: None });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_files_round_trip_and_name_bad_lines() {
        let position =
            LabelledPosition { fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".to_string(), result: 1.0, game: 7, score: None };
        let scored = LabelledPosition { score: Some(-35), ..position.clone() };
        let text = format!("# a comment\n\n{}\n{}\n", format_position(&position), format_position(&scored));
        assert!(text.ends_with("| 1.0 | 7 | -35\n"), "{text}");
        assert_eq!(parse_positions(&text, "set"), Ok(vec![position, scored]));
        for (bad, expected) in [
            ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 1.0", "line 1: expected"),
            ("4k3/8/8/9/8/8/4P3/4K3 w - - 0 1 | 1.0 | 1", "bad FEN"),
            ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 2 | 1", "result must be"),
            ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 0.5 | x", "game must be"),
            ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 0.5 | 1 | +3.5", "score must be"),
            ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 0.5 | 1 | 3 | 4", "found 5 field(s)"),
            ("# nothing", "holds no position"),
        ] {
            let error = parse_positions(bad, "set").expect_err(bad);
            assert!(error.contains(expected), "{bad}: {error}");
        }
    }

    #[test]
    fn extraction_keeps_quiet_positions_of_finished_games_once() {
        let dir = std::env::temp_dir().join(format!("trappy-fit-extract-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let pgn = dir.join("games.pgn");
        // Game 1: 2. ...exd4 leaves a pawn en prise to 3. Qxd4 (not quiet
        // before the recapture); 3. e5 is quiet. Game 2 repeats game 1's
        // start and is unfinished ("*"), so it adds nothing.
        let text = "[Result \"1-0\"]\n\n1. e4 e5 2. d4 exd4 3. Qxd4 Nc6 4. Qe3 1-0\n\n\
                    [Result \"*\"]\n\n1. e4 e5 *\n";
        std::fs::write(&pgn, text).expect("write");
        let (positions, counts) = extract_positions(&[pgn.as_path()], 2).expect("extract");
        assert_eq!((counts.games, counts.unfinished_games), (1, 1));
        assert_eq!(counts.kept + counts.not_quiet + counts.duplicates, 5);
        assert!(counts.not_quiet >= 1, "after 2...exd4 White recaptures: {counts:?}");
        assert!(positions.iter().all(|p| p.result == 1.0 && p.game == 0));
        let unique: HashSet<_> = positions.iter().map(|p| p.fen.clone()).collect();
        assert_eq!(unique.len(), positions.len());
        assert!(!positions.iter().any(|p| p.fen.starts_with("rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR w")));
        std::fs::remove_dir_all(&dir).ok();
    }
}
