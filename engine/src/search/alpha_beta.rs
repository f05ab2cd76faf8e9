//! Negamax alpha-beta with principal-variation search below the root.
//!
//! `PV` nodes search with an open window and keep a principal variation;
//! every other node is searched with a null window and may be pruned.

use super::ordering::{is_bad_capture_score, is_tactical, ScoredMoves};
use super::score::{DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY, NONE};
use super::see::see_at_least;
use super::singular::Singularity;
use super::tt::Bound;
use super::Searcher;
use movegen::{Board, Move, MoveList, Piece};

impl Searcher {
    pub(crate) fn negamax<const PV: bool>(
        &mut self,
        board: &Board,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        self.state.pv.clear_ply(ply);
        if self.is_draw(board) {
            return self.draw_score(ply);
        }
        // No line from here can beat a mate already found closer to the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = board.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(board, alpha, beta, ply);
        }
        self.state.seldepth = self.state.seldepth.max(ply);
        if self.count_node() {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.static_eval(board, ply) };
        }

        // A singular-extension check searches this node without one move:
        // the table's entry is about all moves, so it decides nothing here,
        // and the pruning that trusts it stays off.
        let excluded = self.state.excluded[ply];
        let hit = if excluded.is_null() { self.tt.probe(board.hash(), ply) } else { None };
        if let Some(hit) = hit {
            if !PV && hit.depth >= depth && hit.cuts_off(alpha, beta) {
                return hit.score;
            }
        }
        let tt_move = hit.map_or(Move::NULL, |h| h.mv);
        // Internal iterative reduction: with no stored move this node was
        // not searched before, so a full-depth search is poorly ordered.
        if tt_move.is_null() && excluded.is_null() && depth >= self.tunables.iir_depth {
            depth -= 1;
        }

        let eval = if in_check {
            NONE
        } else {
            match hit {
                Some(h) if h.eval != NONE && h.eval.abs() < MATE_BOUND => h.eval,
                _ => self.static_eval(board, ply),
            }
        };

        if !PV && !in_check && excluded.is_null() && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta near the leaves, the
            // opponent will not catch up.
            let margin = self.tunables.rfp_margin * depth;
            if depth <= self.tunables.rfp_depth && eval - margin >= beta {
                return eval;
            }
            // Null move: if passing still fails high, a real move will too.
            let us = board.side_to_move();
            let has_pieces =
                (board.color_bb(us) & !board.piece_bb(Piece::Pawn) & !board.piece_bb(Piece::King)).is_nonempty();
            if allow_null && depth >= 3 && eval >= beta && has_pieces {
                let reduction = self.tunables.null_move_base + depth / self.tunables.null_move_divisor;
                let mut child = board.clone();
                child.play_null();
                self.enter_child(board, Move::NULL, &child, ply);
                let score = -self.negamax::<false>(&child, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
                self.state.keys.pop();
                if self.state.aborted {
                    return DRAW;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        let tt_move_extension = match hit {
            Some(hit) if !in_check && excluded.is_null() => match self.singularity(board, &hit, depth, beta, ply) {
                Singularity::Extend(plies) => plies,
                Singularity::Cutoff(score) => return score,
            },
            _ => 0,
        };
        if self.state.aborted {
            return DRAW;
        }

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = Move::NULL;
        let mut quiets_tried = MoveList::new();
        let context = self.state.continuation(ply);
        let mut moves = ScoredMoves::new(board, tt_move, &self.history, ply, context, false);
        let mut searched = 0;
        let mut skip_quiets = false;
        while let Some((mv, order)) = moves.next_best() {
            if mv == excluded {
                continue;
            }
            let quiet = !is_tactical(board, mv);
            // Near the leaves, a move that loses material in the exchange
            // it starts is rarely the answer; the deeper the node, the
            // more it may lose and still be tried. Captures that win or
            // break even were already sorted out by the ordering. The
            // root's replies are all kept: what the opponent would prefer
            // there is what the root policy reads (`StoredReply`), and a
            // losing capture is just what a shallow opponent may prefer.
            if ply >= 2 && !in_check && searched > 0 && best > -MATE_BOUND && depth <= self.tunables.see_depth {
                let threshold = if quiet {
                    Some(-self.tunables.see_quiet_margin * depth)
                } else if is_bad_capture_score(order) {
                    Some(-self.tunables.see_capture_margin * depth * depth)
                } else {
                    None
                };
                if threshold.is_some_and(|t| !see_at_least(board, mv, t)) {
                    continue;
                }
            }
            let mut child = board.clone();
            child.play(mv);
            let gives_check = child.in_check();
            // Near the leaves, late quiet moves rarely matter: once enough
            // have been tried, or when even a generous margin cannot lift
            // the static eval to alpha, skip the remaining quiets. Checks
            // are kept: they are how a lost-looking position turns around.
            if !PV && !in_check && quiet && !gives_check && searched > 0 && best > -MATE_BOUND {
                let late = depth <= self.tunables.lmp_depth && searched as i32 >= 3 + depth * depth;
                let futile = depth <= self.tunables.futility_depth
                    && eval + self.tunables.futility_base + self.tunables.futility_margin * depth <= alpha;
                skip_quiets |= late || futile;
                if skip_quiets {
                    continue;
                }
            }
            self.enter_child(board, mv, &child, ply);
            let new_depth = if mv == tt_move { depth - 1 + tt_move_extension } else { depth - 1 };
            let score = if searched == 0 {
                -self.negamax::<PV>(&child, new_depth, -beta, -alpha, ply + 1, true)
            } else {
                let reduction = if depth >= 3 && quiet && searched >= 2 + PV as usize && !in_check && !child.in_check()
                {
                    // Quiets that have answered well before are cut less.
                    let history = self.history.score(board, mv, context) / self.tunables.lmr_history;
                    let r = self.lmr[(depth as usize).min(63)][searched.min(63)] - PV as i32 - history;
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut score =
                    -self.negamax::<false>(&child, new_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && reduction > 0 {
                    score = -self.negamax::<false>(&child, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if PV && score > alpha && score < beta {
                    score = -self.negamax::<true>(&child, new_depth, -beta, -alpha, ply + 1, true);
                }
                score
            };
            self.state.keys.pop();
            if self.state.aborted {
                return DRAW;
            }
            searched += 1;
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    if PV {
                        self.state.pv.update(ply, mv);
                    }
                    if score >= beta {
                        if quiet {
                            self.history.reward(board, mv, &quiets_tried, context, depth, ply);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(mv);
            }
        }

        // A singular-extension check only asks how good the other moves
        // are (with none left, none reaches alpha); it stores nothing.
        if !excluded.is_null() {
            return if searched == 0 { alpha } else { best };
        }
        if searched == 0 {
            return if in_check { -MATE + ply as i32 } else { self.draw_score(ply) };
        }
        let bound = Bound::classify(best, original_alpha, beta);
        self.tt.store(board.hash(), ply, best_move, best, eval, depth, bound);
        best
    }
}
