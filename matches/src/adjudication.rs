//! When a game ends: by the rules (mate, stalemate, threefold repetition,
//! fifty moves, insufficient material) or by adjudication on the engines'
//! scores (resign, draw, a maximum number of moves).

use crate::game_record::{GameResult, Termination};
use movegen::{is_threefold_repetition, Board, Color};

/// Ends a game the rules end. `history` holds the keys of the positions
/// before the current one.
pub fn rules_outcome(board: &Board, history: &[u64]) -> Option<(GameResult, Termination)> {
    if !board.has_legal_move() {
        return Some(if board.in_check() {
            let winner =
                if board.side_to_move() == Color::White { GameResult::BlackWins } else { GameResult::WhiteWins };
            (winner, Termination::Checkmate)
        } else {
            (GameResult::Draw, Termination::Stalemate)
        });
    }
    if board.is_insufficient_material() {
        return Some((GameResult::Draw, Termination::InsufficientMaterial));
    }
    if is_threefold_repetition(history, board.hash(), board.halfmove_clock()) {
        return Some((GameResult::Draw, Termination::ThreefoldRepetition));
    }
    if board.is_fifty_move_draw() {
        return Some((GameResult::Draw, Termination::FiftyMoveRule));
    }
    None
}

/// Resign when both engines agree one side is ahead by `score_cp` or more
/// for `moves` moves each.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub score_cp: i32,
    pub moves: u32,
}

/// Draw when both engines report |score| <= `score_cp` for `moves` moves
/// each, once move `after_move` has been reached.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub score_cp: i32,
    pub moves: u32,
    pub after_move: u32,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AdjudicationRules {
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    /// Draw once this many full moves have been played.
    pub max_moves: Option<u32>,
}

/// Tracks the score streaks of one game.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    rules: AdjudicationRules,
    /// Consecutive plies on which the scores said this side is winning.
    resign_streak: (Option<Color>, u32),
    draw_streak: u32,
}

impl Adjudicator {
    pub fn new(rules: AdjudicationRules) -> Adjudicator {
        Adjudicator { rules, ..Adjudicator::default() }
    }

    /// Records the score the mover reported for the move just played
    /// (centipawns from the mover's view; mates as large scores, `None`
    /// when no score was given) and decides whether to stop the game.
    /// `board` is the position after the move.
    pub fn after_move(
        &mut self,
        board: &Board,
        mover: Color,
        score_cp: Option<i32>,
    ) -> Option<(GameResult, Termination)> {
        let plies_played =
            (board.fullmove_number().saturating_sub(1)) * 2 + (board.side_to_move() == Color::Black) as u32;
        match score_cp {
            Some(score) => {
                if let Some(rule) = self.rules.resign {
                    let leader = if score >= rule.score_cp {
                        Some(mover)
                    } else if score <= -rule.score_cp {
                        Some(!mover)
                    } else {
                        None
                    };
                    self.resign_streak = match (leader, self.resign_streak) {
                        (Some(side), (Some(previous), count)) if side == previous => (Some(side), count + 1),
                        (Some(side), _) => (Some(side), 1),
                        (None, _) => (None, 0),
                    };
                    if let (Some(winner), count) = self.resign_streak {
                        if count >= 2 * rule.moves {
                            let result =
                                if winner == Color::White { GameResult::WhiteWins } else { GameResult::BlackWins };
                            return Some((result, Termination::ResignAdjudication));
                        }
                    }
                }
                if let Some(rule) = self.rules.draw {
                    self.draw_streak = if score.abs() <= rule.score_cp { self.draw_streak + 1 } else { 0 };
                    if self.draw_streak >= 2 * rule.moves && board.fullmove_number() > rule.after_move {
                        return Some((GameResult::Draw, Termination::DrawAdjudication));
                    }
                }
            }
            None => {
                self.resign_streak = (None, 0);
                self.draw_streak = 0;
            }
        }
        if let Some(max) = self.rules.max_moves {
            if plies_played >= 2 * max {
                return Some((GameResult::Draw, Termination::MaxMoves));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_end_games() {
        let mate = Board::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").expect("valid");
        assert_eq!(rules_outcome(&mate, &[]), Some((GameResult::WhiteWins, Termination::Checkmate)));
        let stalemate = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").expect("valid");
        assert_eq!(rules_outcome(&stalemate, &[]), Some((GameResult::Draw, Termination::Stalemate)));
        let bare = Board::from_fen("8/8/4k3/8/8/4K3/8/8 w - - 0 1").expect("valid");
        assert_eq!(rules_outcome(&bare, &[]), Some((GameResult::Draw, Termination::InsufficientMaterial)));
        let fifty = Board::from_fen("8/8/4k3/8/8/4K3/8/R7 w - - 100 90").expect("valid");
        assert_eq!(rules_outcome(&fifty, &[]), Some((GameResult::Draw, Termination::FiftyMoveRule)));
        let start = Board::startpos();
        let key = start.hash();
        assert_eq!(rules_outcome(&start, &[key, 1, 2, 3, key, 5, 6, 7]).map(|o| o.1), None, "clock 0: no window");
    }

    #[test]
    fn resign_needs_both_engines_to_agree_for_m_moves() {
        let mut adjudicator = Adjudicator::new(AdjudicationRules {
            resign: Some(ResignRule { score_cp: 600, moves: 3 }),
            ..AdjudicationRules::default()
        });
        let board = Board::from_fen("4k3/8/8/8/8/8/8/QQ2K3 b - - 0 30").expect("valid");
        // White says +700, Black says -650: both agree White wins.
        for ply in 0..5 {
            let (mover, score) = if ply % 2 == 0 { (Color::White, 700) } else { (Color::Black, -650) };
            assert_eq!(adjudicator.after_move(&board, mover, Some(score)), None, "ply {ply}");
        }
        assert_eq!(
            adjudicator.after_move(&board, Color::Black, Some(-900)),
            Some((GameResult::WhiteWins, Termination::ResignAdjudication))
        );
        // A disagreeing score resets the streak.
        let mut fresh = Adjudicator::new(AdjudicationRules {
            resign: Some(ResignRule { score_cp: 600, moves: 1 }),
            ..AdjudicationRules::default()
        });
        assert_eq!(fresh.after_move(&board, Color::White, Some(700)), None);
        assert_eq!(fresh.after_move(&board, Color::Black, Some(100)), None);
        assert_eq!(fresh.after_move(&board, Color::White, Some(700)), None);
    }

    #[test]
    fn draw_adjudication_waits_for_the_move_number() {
        let rules = AdjudicationRules {
            draw: Some(DrawRule { score_cp: 10, moves: 2, after_move: 40 }),
            ..AdjudicationRules::default()
        };
        let early = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 20").expect("valid");
        let mut adjudicator = Adjudicator::new(rules);
        for _ in 0..10 {
            assert_eq!(adjudicator.after_move(&early, Color::White, Some(0)), None);
        }
        let late = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 41").expect("valid");
        assert_eq!(
            adjudicator.after_move(&late, Color::White, Some(5)),
            Some((GameResult::Draw, Termination::DrawAdjudication))
        );
    }

    #[test]
    fn max_moves_ends_in_a_draw() {
        let mut adjudicator =
            Adjudicator::new(AdjudicationRules { max_moves: Some(50), ..AdjudicationRules::default() });
        let before = Board::from_fen("4k3/8/8/8/8/8/8/4K2R b - - 0 50").expect("valid");
        assert_eq!(adjudicator.after_move(&before, Color::White, None), None);
        let after = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 51").expect("valid");
        assert_eq!(adjudicator.after_move(&after, Color::Black, None), Some((GameResult::Draw, Termination::MaxMoves)));
    }
}
