//! Move ordering: the TT move, then winning and even captures by
//! MVV-LVA, killers, quiets by history (their own and as answers to the
//! two moves before), and losing captures last. Moves are scored once and
//! picked best-first by selection, so a cutoff on an early move skips most
//! of the sorting.

use super::history::{Continuation, History, MAX_HISTORY};
use super::see::{see_at_least, see_value, SEE_VALUES};
use movegen::{Board, Move, MoveList, Piece, MAX_MOVES};

// The bands of the ordering score. History stays within three times
// `MAX_HISTORY` of zero, below the killers and above losing captures; a
// capture's MVV-LVA adds less than `MVV_LVA_SPAN` to its band's base. The
// score times `TIE_BREAKS`, plus the tie-break, must fit in an i32.
const TT_MOVE: i32 = 1 << 18;
const GOOD_CAPTURE: i32 = 1 << 17;
const KILLER: i32 = 1 << 16;
const BAD_CAPTURE: i32 = -(1 << 17);
const MVV_LVA_SPAN: i32 = 1 << 15;
/// How much more the victim counts than the attacker in MVV-LVA.
const VICTIM_WEIGHT: i32 = 16;
/// Room below the ordering score for the tie-break (from and to squares).
const TIE_BREAKS: i32 = 1 << 12;
const _: () = assert!(
    3 * MAX_HISTORY < KILLER
        // A queen taken with a promotion to a queen: MVV-LVA's largest.
        && (VICTIM_WEIGHT + 1) * SEE_VALUES[Piece::Queen.index()] < MVV_LVA_SPAN
        && BAD_CAPTURE + MVV_LVA_SPAN < -3 * MAX_HISTORY
        && BAD_CAPTURE / 2 < -3 * MAX_HISTORY
        && TT_MOVE < i32::MAX / TIE_BREAKS - 1
        && BAD_CAPTURE > i32::MIN / TIE_BREAKS
);

pub struct ScoredMoves {
    moves: MoveList,
    /// Each move's ordering score times `TIE_BREAKS`, plus its tie-break:
    /// one integer comparison per move in the selection loop, which is
    /// among the search's hottest.
    keys: [i32; MAX_MOVES],
    next: usize,
}

fn mvv_lva(board: &Board, mv: Move) -> i32 {
    let victim = board.captured_piece(mv).map_or(0, see_value);
    let attacker = board.piece_on(mv.from()).map_or(0, see_value);
    victim * VICTIM_WEIGHT - attacker / 100 + mv.promotion().map_or(0, see_value)
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
        // Equal scores go to the move with the lower squares, seen from the
        // mover's side, so colour-flipped positions order moves alike.
        let flip = if board.side_to_move() == movegen::Color::Black { 56 } else { 0 };
        let mut keys = [0; MAX_MOVES];
        for (key, &mv) in keys.iter_mut().zip(moves.iter()) {
            let score = if mv == tt_move {
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
            let squares = ((mv.from().index() ^ flip) << 6) | (mv.to().index() ^ flip);
            *key = score * TIE_BREAKS + (TIE_BREAKS - 1 - squares as i32);
        }
        ScoredMoves { moves, keys, next: 0 }
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The best remaining move with its ordering score.
    pub fn next_best(&mut self) -> Option<(Move, i32)> {
        let count = self.moves.len();
        if self.next >= count {
            return None;
        }
        // Keys tie only for under-promotions to one square (history scores
        // them alike); the last of them is taken.
        let mut best = self.next;
        for i in self.next + 1..count {
            if self.keys[i] >= self.keys[best] {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.keys.swap(self.next, best);
        let picked = (self.moves[self.next], self.keys[self.next].div_euclid(TIE_BREAKS));
        self.next += 1;
        Some(picked)
    }
}

/// Whether an ordering score marks a losing capture.
pub fn is_bad_capture_score(score: i32) -> bool {
    score <= BAD_CAPTURE / 2
}
