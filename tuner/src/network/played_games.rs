//! Training data from games already played, such as a match's PGN against
//! human-like opponents at odds. Self-play only teaches what a position is
//! worth between two equal engines; the results of games against the
//! players the engine meets teach what it is worth against them, as Leela's
//! odds networks learned from games against Maia. Each quiet position of a
//! finished game is scored by the engine at the run's node count, as
//! self-play scores its positions, and labelled with the game's result.

use crate::network::selfplay_game::{quiet_position, SelfPlayGame};
use engine::search::{SearchLimits, SearchRequest, Searcher};
use matches::pgn_reader::{read_pgn, PgnGame};
use std::path::PathBuf;

/// Every game of `files`, in order; errors name the file.
pub fn read_games(files: &[PathBuf]) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        games.extend(read_pgn(&text).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    if games.is_empty() {
        return Err("the game files hold no game".into());
    }
    Ok(games)
}

/// The quiet positions of `game` from its `skip_plies`th ply on, each
/// scored by `searcher` at `nodes`; an unfinished game is skipped.
pub fn score_game(searcher: &mut Searcher, game: &PgnGame, nodes: u64, skip_plies: usize) -> SelfPlayGame {
    let Some(white_points) = game.white_points() else { return SelfPlayGame::Skipped };
    searcher.new_game();
    let limits = SearchLimits::nodes(nodes);
    let mut board = game.start.clone();
    let mut keys = Vec::with_capacity(game.moves.len());
    let mut positions = Vec::new();
    for (ply, &played) in game.moves.iter().enumerate() {
        if ply >= skip_plies && !board.in_check() && !board.is_capture(played) && played.promotion().is_none() {
            // The played move is quiet; `quiet_position` asks the same of the best move.
            let found = searcher.search(SearchRequest::new(&board, &limits).after(&keys));
            positions.extend(quiet_position(&board, &found));
        }
        keys.push(board.hash());
        board.play(played);
    }
    SelfPlayGame::Played { positions, result: (white_points * 2.0).round() as u8 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Board;

    const GAME: &str = "[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n\n\
        1. f3 e5 2. g4 Qh4# 0-1\n\n\
        [White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 *\n";

    #[test]
    fn quiet_positions_carry_the_games_result_and_unfinished_games_are_skipped() {
        let games = read_pgn(GAME).expect("valid");
        let mut searcher = Searcher::new(1);
        let SelfPlayGame::Played { positions, result } = score_game(&mut searcher, &games[0], 2_000, 1) else {
            panic!("a finished game is played");
        };
        assert_eq!(result, 0, "Black won");
        // After f3 and after f3 e5 (the mate in one after g4 is a mate score).
        assert_eq!(positions.len(), 2, "{positions:?}");
        for position in &positions {
            assert!(!Board::from_fen(&position.fen).expect("a legal FEN").in_check());
        }
        assert_eq!(score_game(&mut searcher, &games[1], 2_000, 0), SelfPlayGame::Skipped);
    }

    #[test]
    fn a_missing_or_empty_file_is_named() {
        let missing = read_games(&[PathBuf::from("/nonexistent/games.pgn")]).expect_err("missing");
        assert!(missing.contains("/nonexistent/games.pgn"), "{missing}");
    }
}
