//! Quiescence search: resolve captures (and queen promotions) until the
//! position is quiet, so the static evaluation is not taken in the middle
//! of an exchange. In check, every evasion is searched instead.

use super::ordering::{is_bad_capture_score, ScoredMoves};
use super::score::{DRAW, MATE, MAX_PLY};
use super::see::see_value;
use super::tt::Bound;
use super::Searcher;
use movegen::{Board, Move, Piece};

impl Searcher {
    pub(crate) fn qsearch(&mut self, board: &Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.state.seldepth = self.state.seldepth.max(ply);
        if self.count_node() {
            return DRAW;
        }
        if board.is_insufficient_material() {
            return self.draw_score(ply);
        }
        let in_check = board.in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.static_eval(board, ply) };
        }
        let hit = self.tt.probe(board.hash(), ply);
        if let Some(hit) = hit {
            if hit.cuts_off(alpha, beta) {
                return hit.score;
            }
        }
        let stand_pat = if in_check { -MATE + ply as i32 } else { self.static_eval(board, ply) };
        if stand_pat >= beta {
            return stand_pat;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;
        let mut best_move = Move::NULL;
        let tt_move = hit.map_or(Move::NULL, |h| h.mv);
        let context = self.state.continuation(ply);
        let mut moves = ScoredMoves::new(board, tt_move, &self.history, ply, context, !in_check);
        while let Some((mv, order)) = moves.next_best() {
            if !in_check {
                // Losing captures and captures that cannot lift the score
                // near alpha are not worth a node.
                if is_bad_capture_score(order) {
                    continue;
                }
                let gain = board.captured_piece(mv).map_or(0, see_value)
                    + mv.promotion().map_or(0, |p| see_value(p) - see_value(Piece::Pawn));
                if stand_pat + gain + self.tunables.delta_margin < alpha {
                    continue;
                }
            }
            let mut child = board.clone();
            child.play(mv);
            self.network_follows(board, &child, ply);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1);
            if self.state.aborted {
                return DRAW;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::classify(best, original_alpha, beta);
        self.tt.store(board.hash(), ply, best_move, best, stand_pat, 0, bound);
        best
    }
}
