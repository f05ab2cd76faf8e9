//! Move ordering: the TT move, then winning and even captures by
//! MVV-LVA, killers, quiets by history (their own and as answers to the
//! two moves before), and losing captures last. Moves are scored once and
//! picked best-first by selection, so a cutoff on an early move skips most
//! of the sorting.

use super::history::{Continuation, History};
use super::see::{see_at_least, see_value};
use movegen::{Board, Move, MoveList, Piece, MAX_MOVES};

const TT_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const BAD_CAPTURE: i32 = -(1 << 28);

pub struct ScoredMoves {
    moves: MoveList,
    scores: [i32; MAX_MOVES],
    next: usize,
    /// 56 for Black, 0 for White: ties are broken by squares seen from the
    /// mover's side, so colour-flipped positions order moves alike.
    flip: usize,
}

fn mvv_lva(board: &Board, mv: Move) -> i32 {
    let victim = board.captured_piece(mv).map_or(0, see_value);
    let attacker = board.piece_on(mv.from()).map_or(0, see_value);
    victim * 16 - attacker / 100 + mv.promotion().map_or(0, see_value)
}

/// Captures and queen promotions: the moves quiescence looks at.
pub fn is_tactical(board: &Board, mv: Move) -> bool {
    board.is_capture(mv) || mv.promotion() == Some(Piece::Queen)
}

impl ScoredMoves {
    /// All legal moves, or (`tactical_only`) captures and queen promotions.
    /// `context` holds the moves that led here, for the quiets' history.
    pub fn new(
        board: &Board,
        tt_move: Move,
        history: &History,
        ply: usize,
        context: Continuation,
        tactical_only: bool,
    ) -> ScoredMoves {
        let mut moves = MoveList::new();
        let targets = if tactical_only {
            board.color_bb(!board.side_to_move()) | movegen::Bitboard::RANK_1 | movegen::Bitboard::RANK_8
        } else {
            movegen::Bitboard::FULL
        };
        board.generate_moves(|mut piece_moves| {
            if !piece_moves.en_passant {
                piece_moves.to &= targets;
            }
            piece_moves.for_each(|mv| {
                if !tactical_only || is_tactical(board, mv) {
                    moves.push(mv)
                }
            });
            false
        });
        let killers = history.killers(ply);
        let mut scores = [0; MAX_MOVES];
        for (score, &mv) in scores.iter_mut().zip(moves.iter()) {
            *score = if mv == tt_move {
                TT_MOVE
            } else if is_tactical(board, mv) {
                let base = if see_at_least(board, mv, 0) { GOOD_CAPTURE } else { BAD_CAPTURE };
                base + mvv_lva(board, mv)
            } else if mv == killers[0] {
                KILLER + 1
            } else if mv == killers[1] {
                KILLER
            } else {
                history.score(board, mv, context)
            };
        }
        let flip = if board.side_to_move() == movegen::Color::Black { 56 } else { 0 };
        ScoredMoves { moves, scores, next: 0, flip }
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The best remaining move with its ordering score.
    pub fn next_best(&mut self) -> Option<(Move, i32)> {
        let remaining = self.next..self.moves.len();
        let relative = |mv: Move| ((mv.from().index() ^ self.flip) << 6) | (mv.to().index() ^ self.flip);
        let best = remaining.max_by_key(|&i| (self.scores[i], std::cmp::Reverse(relative(self.moves[i]))))?;
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let picked = (self.moves[self.next], self.scores[self.next]);
        self.next += 1;
        Some(picked)
    }
}

/// Whether an ordering score marks a losing capture.
pub fn is_bad_capture_score(score: i32) -> bool {
    score <= BAD_CAPTURE / 2
}
