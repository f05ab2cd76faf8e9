//! One self-play game for training data: the engine against itself at a
//! fixed node count, from a book opening followed by a few random plies,
//! keeping every quiet position with the search's score. Everything is
//! seeded by the game's index, so a game is the same on any thread and in
//! any run.

use engine::search::score::is_mate_score;
use engine::search::{SearchLimits, SearchRequest, SearchResult, Searcher};
use matches::adjudication::{rules_outcome, AdjudicationRules, Adjudicator, DrawRule, ResignRule};
use matches::game_record::GameResult;
use matches::openings::Opening;
use movegen::Board;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// How the games are played; written into the data file's header so a
/// resumed run cannot mix two settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfPlaySettings {
    pub nodes: u64,
    pub random_plies: usize,
    pub seed: u64,
    /// A start (after the random plies) the engine scores beyond this is
    /// skipped: a game decided before it begins teaches little.
    pub opening_limit: i32,
}

/// Adjudication as a match runner does it: a win when both sides'
/// searches agree on 15 pawns for two moves each, a draw when the score
/// stays within 10 cp for six moves each after move 40, and a draw at
/// move 200.
const ADJUDICATION: AdjudicationRules = AdjudicationRules {
    resign: Some(ResignRule { score_cp: 1500, moves: 2 }),
    draw: Some(DrawRule { score_cp: 10, moves: 6, after_move: 40 }),
    max_moves: Some(200),
};

/// A kept position: its FEN and the search's score from White's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredPosition {
    pub fen: String,
    pub white_score: i32,
}

/// The outcome for White, in half points: 2 a win, 1 a draw, 0 a loss.
pub type WhiteHalfPoints = u8;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SelfPlayGame {
    Played {
        positions: Vec<ScoredPosition>,
        result: WhiteHalfPoints,
    },
    /// The opening and random plies ended the game or left it decided.
    Skipped,
}

/// The position game `index` starts from: a book opening picked by the
/// seed, then `random_plies` uniformly random legal moves. `None` when a
/// random ply leaves no legal move.
pub fn start_position(book: &[Opening], settings: &SelfPlaySettings, index: u64) -> Option<(Board, Vec<u64>)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(settings.seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let opening = &book[rng.gen_range(0..book.len())];
    let mut board = opening.start.clone();
    let mut keys = Vec::new();
    for &mv in &opening.moves {
        keys.push(board.hash());
        board.play(mv);
    }
    for _ in 0..settings.random_plies {
        let moves = board.legal_moves();
        if moves.is_empty() {
            return None;
        }
        keys.push(board.hash());
        board.play(moves[rng.gen_range(0..moves.len())]);
    }
    board.has_legal_move().then_some((board, keys))
}

/// Plays game `index` with `searcher` (cleared first).
pub fn play_game(searcher: &mut Searcher, book: &[Opening], settings: &SelfPlaySettings, index: u64) -> SelfPlayGame {
    let Some((mut board, mut keys)) = start_position(book, settings, index) else {
        return SelfPlayGame::Skipped;
    };
    searcher.new_game();
    let limits = SearchLimits::nodes(settings.nodes);
    let mut positions = Vec::new();
    let mut adjudicator = Adjudicator::new(ADJUDICATION);
    let mut first_move = true;
    loop {
        if let Some(result) = rules_outcome(&board, &keys).map(|(result, _)| half_points(result)) {
            return SelfPlayGame::Played { positions, result };
        }
        let found = searcher.search(SearchRequest::new(&board, &limits).after(&keys));
        let mover = board.side_to_move();
        let white_score = found.score * mover.sign();
        if std::mem::take(&mut first_move) && white_score.abs() > settings.opening_limit {
            return SelfPlayGame::Skipped;
        }
        positions.extend(quiet_position(&board, &found));
        keys.push(board.hash());
        board.play(found.best_move);
        if let Some((result, _)) = adjudicator.after_move(&board, mover, Some(found.score)) {
            return SelfPlayGame::Played { positions, result: half_points(result) };
        }
    }
}

/// `board` scored by `found` as a training position, when it is quiet: not
/// in check, its best move neither a capture nor a promotion, its score no
/// mate. A score that hangs on a tactic teaches the network noise.
pub fn quiet_position(board: &Board, found: &SearchResult) -> Option<ScoredPosition> {
    let white_score = found.score * board.side_to_move().sign();
    let quiet = !board.in_check() && !board.is_capture(found.best_move) && found.best_move.promotion().is_none();
    (quiet && !is_mate_score(white_score)).then(|| ScoredPosition { fen: board.to_fen(), white_score })
}

fn half_points(result: GameResult) -> WhiteHalfPoints {
    match result {
        GameResult::WhiteWins => 2,
        GameResult::Draw => 1,
        GameResult::BlackWins => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use matches::openings::Opening;

    fn settings() -> SelfPlaySettings {
        SelfPlaySettings { nodes: 300, random_plies: 4, seed: 5, opening_limit: 400 }
    }

    fn book() -> Vec<Opening> {
        vec![Opening { start: Board::startpos(), moves: vec![] }]
    }

    #[test]
    fn a_game_is_the_same_whatever_searcher_plays_it() {
        let (book, settings) = (book(), settings());
        let mut first = Searcher::new(1);
        let mut second = Searcher::new(1);
        // The second searcher has seen another game first: its table and
        // history must not leak into the next.
        let _ = play_game(&mut second, &book, &settings, 2);
        let a = play_game(&mut first, &book, &settings, 3);
        let b = play_game(&mut second, &book, &settings, 3);
        assert_eq!(a, b);
        let SelfPlayGame::Played { positions, result } = a else { panic!("game 3 was skipped") };
        assert!(result <= 2);
        assert!(!positions.is_empty());
        for position in &positions {
            let board = Board::from_fen(&position.fen).expect("the game writes legal FENs");
            assert!(!board.in_check(), "{} is not quiet", position.fen);
        }
    }

    #[test]
    fn games_start_from_different_positions() {
        let (book, settings) = (book(), settings());
        let starts: std::collections::HashSet<u64> =
            (0..20).filter_map(|i| start_position(&book, &settings, i)).map(|(b, _)| b.hash()).collect();
        assert!(starts.len() >= 15, "only {} distinct starts of 20", starts.len());
    }

    #[test]
    fn the_rules_end_a_game_with_the_right_result() {
        let mated = Board::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").expect("valid");
        assert_eq!(rules_outcome(&mated, &[]).map(|(result, _)| half_points(result)), Some(2));
        let stalemate = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").expect("valid");
        assert_eq!(rules_outcome(&stalemate, &[]).map(|(result, _)| half_points(result)), Some(1));
        assert_eq!(rules_outcome(&Board::startpos(), &[]).map(|(result, _)| half_points(result)), None);
    }
}
