//! Iterative deepening with aspiration windows, and the root move loop.
//!
//! The root is searched by its own loop rather than by `negamax`, so the
//! root move list persists across iterations (ordered by the last
//! iteration's result) and so later layers can look at every root move.

use super::ordering::ScoredMoves;
use super::score::{DRAW, INFINITY, MATE, MAX_PLY};
use super::{SearchLimits, SearchReport, SearchResult, Searcher, TimeManager};
use crate::trappy::pass::PassPlan;
use crate::trappy::table::TrapTable;
use crate::trappy::{assess_all, decide, notes, TrapConfig};
use movegen::{Board, Move};

#[derive(Clone, Copy, Debug)]
pub(super) struct RootMove {
    pub mv: Move,
    /// Score from the latest search of this move; `-INFINITY` when it only
    /// failed low, so the stable sort keeps the earlier order among those.
    pub score: i32,
}

impl Searcher {
    /// Searches `board` within `limits`. `game_keys` are the keys of the
    /// positions before it in the game, oldest first, for repetitions.
    /// `report` is called after every completed iteration.
    pub fn search(
        &mut self,
        board: &Board,
        game_keys: &[u64],
        limits: &SearchLimits,
        report: &mut dyn FnMut(&SearchReport),
    ) -> SearchResult {
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        // A shallower opponent model caps whatever limit the game sets.
        let weak_nodes = if self.tunables.weak_nodes > 0 { self.tunables.weak_nodes as u64 } else { u64::MAX };
        self.node_limit = limits.nodes.unwrap_or(u64::MAX).min(weak_nodes).max(1);
        self.search_node_limit = self.node_limit;
        self.last_trap_table = None;
        let timer = TimeManager::new(limits, self.move_overhead);
        self.timer = Some(timer.clone());
        self.tt.new_search();
        self.pass_tt.new_search();
        self.history.new_search();
        self.keys.clear();
        self.keys.extend_from_slice(game_keys);
        self.keys.push(board.hash());

        let mut ordered = ScoredMoves::new(board, Move::NULL, &self.history, 0, false);
        let mut root_moves = Vec::with_capacity(ordered.len());
        while let Some((mv, _)) = ordered.next_best() {
            root_moves.push(RootMove { mv, score: -INFINITY });
        }
        if root_moves.is_empty() {
            let score = if board.in_check() { -MATE } else { DRAW };
            return SearchResult {
                best_move: Move::NULL,
                plain_move: Move::NULL,
                traps_found: 0,
                trap_replies: vec![],
                score,
                depth: 0,
                nodes: 0,
                pv: vec![],
            };
        }

        let weak_depth = if self.tunables.weak_depth > 0 { self.tunables.weak_depth } else { i32::MAX };
        let max_depth = limits.depth.unwrap_or(MAX_PLY as i32 - 1).min(weak_depth).clamp(1, MAX_PLY as i32 - 1);
        let first = root_moves[0].mv;
        let mut result = SearchResult {
            best_move: first,
            plain_move: first,
            traps_found: 0,
            trap_replies: vec![],
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![first],
        };
        let trap_config = TrapConfig::from_tunables(&self.tunables);
        let mut trap_table = trap_config.enabled().then(|| TrapTable::new(board));
        let mut trap_depth = None;
        // The trap budget is cumulative: pass nodes so far may not exceed
        // the share of main-search nodes so far, so cheap early iterations
        // save up for the later ones.
        let (mut main_nodes, mut pass_nodes) = (0u64, 0u64);
        for depth in 1..=max_depth {
            let iteration_start = self.nodes;
            let score = self.aspiration(board, &mut root_moves, depth, result.score);
            if self.aborted {
                break;
            }
            let pv = self.pv.line(0);
            result = SearchResult {
                best_move: root_moves[0].mv,
                plain_move: root_moves[0].mv,
                traps_found: 0,
                trap_replies: vec![],
                score,
                depth,
                nodes: self.nodes,
                pv: pv.clone(),
            };
            let mut trap_notes = vec![];
            if let Some(table) = trap_table.as_mut() {
                let order: Vec<Move> = root_moves.iter().map(|root| root.mv).collect();
                main_nodes += self.nodes - iteration_start;
                let node_budget = if self.annotate {
                    u64::MAX
                } else {
                    (main_nodes.saturating_mul(trap_config.budget_percent) / 100).saturating_sub(pass_nodes)
                };
                let plan = PassPlan {
                    root_order: &order,
                    best_score: score,
                    best_reply: result.pv.get(1).copied(),
                    node_budget,
                    annotate: self.annotate,
                };
                pass_nodes += self.trap_pass(board, depth, &plan, table, &trap_config).nodes;
                trap_notes = notes(&assess_all(table, depth as usize, &trap_config));
                trap_depth = Some(depth as usize);
            }
            report(&SearchReport {
                trap_notes,
                depth,
                seldepth: self.seldepth,
                score,
                nodes: self.nodes,
                time_ms: timer.elapsed().as_millis() as u64,
                hashfull: self.tt.hashfull(),
                pv,
            });
            if self.aborted || !timer.may_start_iteration() {
                break;
            }
        }
        result.nodes = self.nodes;
        if let (Some(table), Some(depth)) = (trap_table, trap_depth) {
            if depth == result.depth as usize {
                let assessments = assess_all(&table, depth, &trap_config);
                result.best_move = decide(&assessments, result.plain_move, result.score);
                result.traps_found = assessments.iter().map(|a| a.traps.len()).sum();
                result.trap_replies = assessments
                    .iter()
                    .find(|a| a.mv == result.best_move)
                    .map_or(vec![], |a| a.traps.iter().map(|trap| trap.reply).collect());
            }
            self.last_trap_table = Some((table, depth));
            self.game_stats.record(result.traps_found, result.best_move != result.plain_move);
        }
        if self.tunables.weak_top_k > 1 {
            self.softmax_root_pick(board, &root_moves, &mut result);
        }
        result
    }

    /// Searches one depth, starting with a narrow window around the last
    /// score and widening it on a fail.
    fn aspiration(&mut self, board: &Board, root_moves: &mut [RootMove], depth: i32, previous: i32) -> i32 {
        let mut delta = self.tunables.aspiration_window;
        let (mut alpha, mut beta) =
            if depth >= 5 { (previous - delta, previous + delta) } else { (-INFINITY, INFINITY) };
        loop {
            let score = self.search_root(board, root_moves, depth, alpha, beta);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta += delta / 2 + 5;
        }
    }

    fn search_root(
        &mut self,
        board: &Board,
        root_moves: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        self.pv.clear_ply(0);
        let mut best = -INFINITY;
        for index in 0..root_moves.len() {
            let mv = root_moves[index].mv;
            let mut child = board.clone();
            child.play(mv);
            self.keys.push(child.hash());
            let score = if index == 0 {
                -self.negamax::<true>(&child, depth - 1, -beta, -alpha, 1, true)
            } else {
                let mut score = -self.negamax::<false>(&child, depth - 1, -alpha - 1, -alpha, 1, true);
                if score > alpha && score < beta {
                    score = -self.negamax::<true>(&child, depth - 1, -beta, -alpha, 1, true);
                }
                score
            };
            self.keys.pop();
            if self.aborted {
                return best;
            }
            root_moves[index].score = -INFINITY;
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    root_moves[index].score = score;
                    self.pv.update(0, mv);
                    // The new best goes first; the rest keep their order.
                    root_moves[..=index].rotate_right(1);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
