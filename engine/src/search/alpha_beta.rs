//! Negamax alpha-beta with principal-variation search below the root.
//!
//! `PV` nodes search with an open window and keep a principal variation;
//! every other node is searched with a null window and may be pruned.
//! A node goes through named steps: entering it (what decides it before
//! any move: draws, the table, the depth left), pruning it whole (reverse
//! futility, null move), extending the table's move, the move loop (which
//! moves are skipped, how much each is reduced), and storing the result.

use super::history::Continuation;
use super::ordering::{is_bad_capture_score, is_tactical, ScoredMoves};
use super::score::{DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY, NONE};
use super::see::see_at_least;
use super::singular::Singularity;
use super::tt::{Bound, TtHit};
use super::Searcher;
use movegen::{Board, Move, MoveList, Piece};
use std::ops::ControlFlow;

/// What a node knows once entered, before it tries its moves.
struct Node {
    /// The depth left, after the check extension and internal iterative
    /// reduction.
    depth: i32,
    /// The window, narrowed by the distance to mate.
    alpha: i32,
    beta: i32,
    in_check: bool,
    /// The move a singular-extension check leaves out (null otherwise).
    excluded: Move,
    hit: Option<TtHit>,
    tt_move: Move,
    /// The static evaluation (`NONE` in check).
    eval: i32,
    /// The moves that led here, for the continuation history.
    context: Continuation,
}

/// A move the loop is about to search.
struct Candidate {
    mv: Move,
    quiet: bool,
    gives_check: bool,
}

/// What the move loop found.
struct LoopResult {
    best: i32,
    best_move: Move,
    searched: usize,
}

impl Searcher {
    pub(crate) fn negamax<const PV: bool>(
        &mut self,
        board: &Board,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        self.state.pv.clear_ply(ply);
        let node = match self.enter_node::<PV>(board, depth, alpha, beta, ply) {
            ControlFlow::Continue(node) => node,
            ControlFlow::Break(score) => return score,
        };
        if let Some(score) = self.prune_node::<PV>(board, &node, ply, allow_null) {
            return score;
        }
        let extension = match self.tt_move_extension(board, &node, ply) {
            ControlFlow::Continue(plies) => plies,
            ControlFlow::Break(score) => return score,
        };
        match self.search_moves::<PV>(board, &node, extension, ply) {
            Some(result) => self.conclude(board, &node, &result, ply),
            None => DRAW,
        }
    }

    /// Everything that can decide the node before its moves are tried:
    /// a draw, a mate closer to the root, the horizon, the node limit, a
    /// table entry deep enough. Otherwise the node as the loop sees it.
    fn enter_node<const PV: bool>(
        &mut self,
        board: &Board,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> ControlFlow<i32, Node> {
        if self.is_draw(board) {
            return ControlFlow::Break(self.draw_score(ply));
        }
        // No line from here can beat a mate already found closer to the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return ControlFlow::Break(alpha);
        }
        let in_check = board.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return ControlFlow::Break(self.qsearch(board, alpha, beta, ply));
        }
        self.state.seldepth = self.state.seldepth.max(ply);
        if self.count_node() {
            return ControlFlow::Break(DRAW);
        }
        if ply >= MAX_PLY - 1 {
            return ControlFlow::Break(if in_check { DRAW } else { self.static_eval(board, ply) });
        }
        // A singular-extension check searches this node without one move:
        // the table's entry is about all moves, so it decides nothing here,
        // and the pruning that trusts it stays off.
        let excluded = self.state.excluded[ply];
        let hit = if excluded.is_null() { self.tt.probe(board.hash(), ply) } else { None };
        if let Some(hit) = hit.filter(|hit| !PV && hit.depth >= depth && hit.cuts_off(alpha, beta)) {
            return ControlFlow::Break(hit.score);
        }
        let tt_move = hit.map_or(Move::NULL, |h| h.mv);
        // Internal iterative reduction: with no stored move this node was
        // not searched before, so a full-depth search is poorly ordered.
        if tt_move.is_null() && excluded.is_null() && depth >= self.tunables.iir_depth {
            depth -= 1;
        }
        let eval = match hit {
            _ if in_check => NONE,
            Some(h) if h.eval != NONE && h.eval.abs() < MATE_BOUND => h.eval,
            _ => self.static_eval(board, ply),
        };
        let context = self.state.continuation(ply);
        ControlFlow::Continue(Node { depth, alpha, beta, in_check, excluded, hit, tt_move, eval, context })
    }

    /// Cuts a non-PV node whole when its static evaluation, or a search in
    /// which the side to move passes, already reaches beta.
    fn prune_node<const PV: bool>(&mut self, board: &Board, node: &Node, ply: usize, allow_null: bool) -> Option<i32> {
        if PV || node.in_check || !node.excluded.is_null() || node.beta.abs() >= MATE_BOUND {
            return None;
        }
        let (depth, eval, beta) = (node.depth, node.eval, node.beta);
        // Reverse futility: far above beta near the leaves, the opponent
        // will not catch up.
        if depth <= self.tunables.rfp_depth && eval - self.tunables.rfp_margin * depth >= beta {
            return Some(eval);
        }
        // Null move: if passing still fails high, a real move will too.
        // Without pieces, passing is what zugzwang punishes: not tried.
        let us = board.side_to_move();
        let has_pieces =
            (board.color_bb(us) & !board.piece_bb(Piece::Pawn) & !board.piece_bb(Piece::King)).is_nonempty();
        if !(allow_null && depth >= 3 && eval >= beta && has_pieces) {
            return None;
        }
        let reduction = self.tunables.null_move_base + depth / self.tunables.null_move_divisor;
        let mut child = board.clone();
        child.play_null();
        self.enter_child(board, Move::NULL, &child, ply);
        let score = -self.negamax::<false>(&child, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
        self.state.keys.pop();
        if self.state.aborted {
            return Some(DRAW);
        }
        (score >= beta).then_some(if score >= MATE_BOUND { beta } else { score })
    }

    /// The plies the table's move is extended by (singular extensions), or
    /// the node's score when the check shows several moves beat beta.
    fn tt_move_extension(&mut self, board: &Board, node: &Node, ply: usize) -> ControlFlow<i32, i32> {
        let extension = match node.hit {
            Some(hit) if !node.in_check && node.excluded.is_null() => {
                match self.singularity(board, &hit, node.depth, node.beta, ply) {
                    Singularity::Extend(plies) => plies,
                    Singularity::Cutoff(score) => return ControlFlow::Break(score),
                }
            }
            _ => 0,
        };
        if self.state.aborted {
            return ControlFlow::Break(DRAW);
        }
        ControlFlow::Continue(extension)
    }

    /// Searches the moves best first until one reaches beta; `None` when
    /// the search was stopped meanwhile.
    fn search_moves<const PV: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        extension: i32,
        ply: usize,
    ) -> Option<LoopResult> {
        let mut alpha = node.alpha;
        let mut result = LoopResult { best: -INFINITY, best_move: Move::NULL, searched: 0 };
        let mut quiets_tried = MoveList::new();
        let mut moves = ScoredMoves::new(board, node.tt_move, &self.history, ply, node.context, false);
        let mut skip_quiets = false;
        while let Some((mv, order)) = moves.next_best() {
            if mv == node.excluded {
                continue;
            }
            let quiet = !is_tactical(board, mv);
            // Pruning waits until one move is searched and no mate is
            // being escaped: until then every move may be the only one.
            let may_prune = !node.in_check && result.searched > 0 && result.best > -MATE_BOUND;
            if may_prune && self.loses_exchange(board, node, mv, order, quiet, ply) {
                continue;
            }
            let mut child = board.clone();
            child.play(mv);
            let candidate = Candidate { mv, quiet, gives_check: child.in_check() };
            if !PV && may_prune && quiet && !candidate.gives_check {
                skip_quiets |= self.quiets_are_futile(node, alpha, result.searched);
                if skip_quiets {
                    continue;
                }
            }
            self.enter_child(board, mv, &child, ply);
            let new_depth = node.depth - 1 + if mv == node.tt_move { extension } else { 0 };
            let score = if result.searched == 0 {
                -self.negamax::<PV>(&child, new_depth, -node.beta, -alpha, ply + 1, true)
            } else {
                let reduction = self.late_move_reduction::<PV>(board, node, &candidate, result.searched, new_depth);
                self.search_later_move::<PV>(&child, new_depth, reduction, alpha, node.beta, ply)
            };
            self.state.keys.pop();
            if self.state.aborted {
                return None;
            }
            result.searched += 1;
            if score > result.best {
                result.best = score;
                result.best_move = mv;
                if score > alpha {
                    alpha = score;
                    if PV {
                        self.state.pv.update(ply, mv);
                    }
                    if score >= node.beta {
                        if quiet {
                            self.history.reward(board, mv, &quiets_tried, node.context, node.depth, ply);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(mv);
            }
        }
        Some(result)
    }

    /// Near the leaves, a move that loses material in the exchange it
    /// starts is rarely the answer; the deeper the node, the more it may
    /// lose and still be tried. Captures that win or break even were
    /// already sorted out by the ordering. The root's replies are all
    /// kept: what the opponent would prefer there is what the root policy
    /// reads (`StoredReply`), and a losing capture is just what a shallow
    /// opponent may prefer.
    fn loses_exchange(&self, board: &Board, node: &Node, mv: Move, order: i32, quiet: bool, ply: usize) -> bool {
        if ply < 2 || node.depth > self.tunables.see_depth {
            return false;
        }
        let threshold = if quiet {
            -self.tunables.see_quiet_margin * node.depth
        } else if is_bad_capture_score(order) {
            -self.tunables.see_capture_margin * node.depth * node.depth
        } else {
            return false;
        };
        !see_at_least(board, mv, threshold)
    }

    /// Near the leaves, late quiet moves rarely matter: once enough have
    /// been tried, or when even a generous margin cannot lift the static
    /// eval to alpha, the remaining quiets are skipped. Checks are kept by
    /// the caller: they are how a lost-looking position turns around.
    fn quiets_are_futile(&self, node: &Node, alpha: i32, searched: usize) -> bool {
        let depth = node.depth;
        let late = depth <= self.tunables.lmp_depth && searched as i32 >= 3 + depth * depth;
        let futile = depth <= self.tunables.futility_depth
            && node.eval + self.tunables.futility_base + self.tunables.futility_margin * depth <= alpha;
        late || futile
    }

    /// How many plies a late quiet move is searched shallower: more the
    /// later it comes and the deeper the node, less at PV nodes and for
    /// quiets that have answered well before.
    fn late_move_reduction<const PV: bool>(
        &self,
        board: &Board,
        node: &Node,
        candidate: &Candidate,
        searched: usize,
        new_depth: i32,
    ) -> i32 {
        let reducible = node.depth >= 3
            && candidate.quiet
            && searched >= 2 + PV as usize
            && !node.in_check
            && !candidate.gives_check;
        if !reducible {
            return 0;
        }
        let history = self.history.score(board, candidate.mv, node.context) / self.tunables.lmr_history;
        let r = self.lmr[(node.depth as usize).min(63)][searched.min(63)] - PV as i32 - history;
        r.clamp(0, new_depth - 1)
    }

    /// A move after the first: a null window, reduced by `reduction`; at
    /// full depth again when it beats alpha reduced; with the full window
    /// at a PV node when it lands inside it.
    fn search_later_move<const PV: bool>(
        &mut self,
        child: &Board,
        new_depth: i32,
        reduction: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let mut score = -self.negamax::<false>(child, new_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
        if score > alpha && reduction > 0 {
            score = -self.negamax::<false>(child, new_depth, -alpha - 1, -alpha, ply + 1, true);
        }
        if PV && score > alpha && score < beta {
            score = -self.negamax::<true>(child, new_depth, -beta, -alpha, ply + 1, true);
        }
        score
    }

    /// The node's score after its moves, stored in the table.
    fn conclude(&mut self, board: &Board, node: &Node, result: &LoopResult, ply: usize) -> i32 {
        // A singular-extension check only asks how good the other moves
        // are (with none left, none reaches alpha); it stores nothing.
        if !node.excluded.is_null() {
            return if result.searched == 0 { node.alpha } else { result.best };
        }
        if result.searched == 0 {
            return if node.in_check { -MATE + ply as i32 } else { self.draw_score(ply) };
        }
        let bound = Bound::classify(result.best, node.alpha, node.beta);
        self.tt.store(board.hash(), ply, result.best_move, result.best, node.eval, node.depth, bound);
        result.best
    }
}
