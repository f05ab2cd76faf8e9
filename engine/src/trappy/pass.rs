//! The trap pass: after each completed iteration, re-search the leading
//! root moves reply by reply with windows chosen so that every number the
//! assessment needs is exact. See docs/trappy-root.md for the design.

use super::assess::FIRST_REPLY_DEPTH;
use super::config::{TrapConfig, MAX_INSURED_CONTINUATIONS};
use super::table::{Probe, TrapTable, MAX_TRACKED_DEPTH};
use crate::search::ordering::ScoredMoves;
use crate::search::score::{DRAW, INFINITY, MATE};
use crate::search::Searcher;
use movegen::{Board, Move};

/// How a pass ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PassOutcome {
    /// Candidates whose replies were all probed.
    pub completed: usize,
    pub candidates: usize,
    pub nodes: u64,
}

/// Which root moves the pass looks at, and with what floor.
pub struct PassPlan<'a> {
    /// Root moves in the main search's current order, best first.
    pub root_order: &'a [Move],
    /// The exact value of the best root move at this depth.
    pub best_score: i32,
    /// Pass nodes allowed; `u64::MAX` for the annotator.
    pub node_budget: u64,
    /// Annotator mode: every root move, no floor.
    pub annotate: bool,
}

impl Searcher {
    pub(crate) fn trap_pass(
        &mut self,
        board: &Board,
        depth: i32,
        plan: &PassPlan,
        table: &mut TrapTable,
        config: &TrapConfig,
    ) -> PassOutcome {
        let d = depth as usize;
        let candidates =
            if plan.annotate { plan.root_order.len() } else { config.candidates.min(plan.root_order.len()) };
        let mut outcome = PassOutcome { completed: 0, candidates, nodes: 0 };
        if !(FIRST_REPLY_DEPTH..MAX_TRACKED_DEPTH).contains(&d) {
            return outcome;
        }
        // The pass must not change how the main search orders moves.
        let saved_history = self.history.clone();
        let saved_limit = self.node_limit;
        let start_nodes = self.nodes;
        self.node_limit = saved_limit.min(start_nodes.saturating_add(plan.node_budget));
        self.exact_depth_tt = true;
        // A move below this cannot win even with every bonus: its bounds
        // are never needed as exact numbers.
        let floor = if plan.annotate { -INFINITY } else { plan.best_score - config.max_total_bonus() - 1 };

        for &mv in &plan.root_order[..candidates] {
            let Some(root_index) = table.root_index(mv) else { continue };
            let mut after_move = board.clone();
            after_move.play(mv);
            self.keys.push(after_move.hash());
            self.probe_replies(&after_move, root_index, d, floor, plan.best_score, table, config);
            self.keys.pop();
            if self.aborted {
                break;
            }
            outcome.completed += 1;
        }

        self.exact_depth_tt = false;
        self.history = saved_history;
        self.node_limit = saved_limit;
        outcome.nodes = self.nodes - start_nodes;
        // Running out of pass budget ends the pass, not the search.
        if self.aborted && !self.hard_stop_reached() {
            self.aborted = false;
        }
        outcome
    }

    #[allow(clippy::too_many_arguments)]
    fn probe_replies(
        &mut self,
        after_move: &Board,
        root_index: usize,
        d: usize,
        floor: i32,
        best_score: i32,
        table: &mut TrapTable,
        config: &TrapConfig,
    ) {
        let tt_move = self.tt.probe(after_move.hash(), 1).map_or(Move::NULL, |hit| hit.mv);
        let mut replies = ScoredMoves::new(after_move, tt_move, &self.history, 1, false);
        if replies.is_empty() {
            let value = if after_move.in_check() { MATE - 1 } else { DRAW };
            table.roots[root_index].raw[d] = Some(value);
            return;
        }
        let mut lowest = INFINITY;
        let mut best_reply = None;
        while let Some((reply, _)) = replies.next_best() {
            let Some(reply_index) = table.roots[root_index].replies.iter().position(|r| r.mv == reply) else {
                continue;
            };
            // Likely traps need exact scores up to the profit cap; for the
            // rest, exact near the opponent's best tells attractiveness.
            let width = if likely_trap(table, root_index, reply_index, d, config) {
                config.profit_cap
            } else {
                config.tolerance
            };
            let reference = if lowest == INFINITY { best_score } else { lowest };
            let (alpha, beta) = (floor, (reference + width + 1).min(INFINITY));
            let mut after_reply = after_move.clone();
            after_reply.play(reply);
            self.keys.push(after_reply.hash());
            let score = if d == 1 {
                self.static_view(&after_reply)
            } else {
                self.negamax::<true>(&after_reply, d as i32 - 2, alpha, beta, 2, true)
            };
            self.keys.pop();
            if self.aborted {
                return;
            }
            let probe = if score <= alpha {
                Probe::AtMost(score)
            } else if score >= beta {
                Probe::AtLeast(score)
            } else {
                Probe::Exact(score)
            };
            table.roots[root_index].replies[reply_index].probes[d] = Some(probe);
            if score <= floor {
                table.roots[root_index].refuted[d] = true;
                return;
            }
            if let Probe::Exact(value) = probe {
                if value < lowest {
                    lowest = value;
                    best_reply = Some(after_reply);
                }
            }
        }
        if lowest < INFINITY {
            table.roots[root_index].raw[d] = Some(lowest);
        }
        if config.insurance_bonus > 0 && d >= 3 {
            if let Some(position) = best_reply {
                let count = self.count_continuations(&position, d as i32 - 3, lowest - config.insurance_margin);
                table.roots[root_index].continuations[d] = Some(count);
            }
        }
    }

    /// How many of our moves (up to the insured maximum plus one) keep the
    /// score at or above `target` after the opponent's best reply.
    fn count_continuations(&mut self, position: &Board, depth: i32, target: i32) -> u8 {
        let mut count = 0;
        for &mv in position.legal_moves().iter() {
            let mut child = position.clone();
            child.play(mv);
            self.keys.push(child.hash());
            let score = -self.negamax::<false>(&child, depth, -target, -target + 1, 3, true);
            self.keys.pop();
            if self.aborted {
                break;
            }
            if score >= target {
                count += 1;
                if count > MAX_INSURED_CONTINUATIONS {
                    break;
                }
            }
        }
        count as u8
    }
}

impl Searcher {
    /// The naive view of a position: static evaluation, or the game result
    /// when there is no legal move.
    fn static_view(&mut self, board: &Board) -> i32 {
        self.nodes += 1;
        if board.has_legal_move() {
            crate::eval::evaluate(board, &self.tunables)
        } else if board.in_check() {
            -(MATE - 2)
        } else {
            DRAW
        }
    }
}

/// Whether the reply was attractive at enough earlier depths that it may
/// become a trap at this one.
fn likely_trap(table: &TrapTable, root_index: usize, reply_index: usize, d: usize, config: &TrapConfig) -> bool {
    let root = &table.roots[root_index];
    let reply = &root.replies[reply_index];
    let attractive = (FIRST_REPLY_DEPTH..d)
        .filter(|&earlier| match (reply.probes[earlier], root.raw[earlier]) {
            (Some(Probe::Exact(value)), Some(best)) => value - best <= config.tolerance,
            (Some(Probe::AtMost(_)), _) => true,
            _ => false,
        })
        .count();
    attractive + 1 >= config.min_shallow
}
