//! The trap pass: after each completed iteration, gather for the leading
//! root moves the numbers the assessment needs, exact where they matter.
//! See docs/trappy-root.md for the design; in short:
//!
//! * naive views, once per root move: every reply's static evaluation
//!   (depth 1) and quiescence value (depth 2);
//! * the root move's exact value at this depth: free for the plain best
//!   (the main search's score), a windowed re-search for the others;
//! * likely traps only (replies that looked attractive at an earlier depth,
//!   and the reply the main search found best): a null-window test at the
//!   edge of attractiveness, then a re-search up to the profit cap.

use super::assess::FIRST_REPLY_DEPTH;
use super::config::{TrapConfig, MAX_INSURED_CONTINUATIONS};
use super::table::{Probe, TrapTable, MAX_TRACKED_DEPTH};
use crate::search::score::{DRAW, INFINITY, MATE};
use crate::search::Searcher;
use movegen::{Board, Move};

/// Replies probed per root move and depth, most attractive first.
pub const MAX_PROBED_REPLIES: usize = 6;

/// How a pass ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PassOutcome {
    /// Candidates whose numbers are complete at this depth.
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
    /// The opponent's best reply to the best root move (second PV move).
    pub best_reply: Option<Move>,
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

        for (rank, &mv) in plan.root_order[..candidates].iter().enumerate() {
            let Some(root_index) = table.root_index(mv) else { continue };
            let mut after_move = board.clone();
            after_move.play(mv);
            self.keys.push(after_move.hash());
            if !table.roots[root_index].naive_views_done {
                self.naive_views(&after_move, root_index, table);
            }
            if d > 2 && !self.aborted {
                let known = (rank == 0 && !plan.annotate).then_some((plan.best_score, plan.best_reply));
                self.probe_root_move(&after_move, root_index, d, floor, known, table, config);
            }
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

    /// Depths 1 and 2 for every reply: what an opponent who only counts
    /// the material of their move sees, and what quiescence sees.
    fn naive_views(&mut self, after_move: &Board, root_index: usize, table: &mut TrapTable) {
        let mut lowest = [INFINITY; 3];
        for reply_index in 0..table.roots[root_index].replies.len() {
            let reply = table.roots[root_index].replies[reply_index].mv;
            let mut after_reply = after_move.clone();
            after_reply.play(reply);
            self.keys.push(after_reply.hash());
            let static_view = self.static_view(&after_reply);
            let quiet_view = self.qsearch_from(&after_reply);
            self.keys.pop();
            if self.aborted {
                return;
            }
            let probes = &mut table.roots[root_index].replies[reply_index].probes;
            probes[1] = Some(Probe::Exact(static_view));
            probes[2] = Some(Probe::Exact(quiet_view));
            lowest[1] = lowest[1].min(static_view);
            lowest[2] = lowest[2].min(quiet_view);
        }
        let root = &mut table.roots[root_index];
        if root.replies.is_empty() {
            let value = if after_move.in_check() { MATE - 1 } else { DRAW };
            root.raw[1] = Some(value);
            root.raw[2] = Some(value);
        } else {
            root.raw[1] = Some(lowest[1]);
            root.raw[2] = Some(lowest[2]);
        }
        root.naive_views_done = true;
    }

    /// The root move's exact value at depth `d` and its likely traps.
    #[allow(clippy::too_many_arguments)]
    fn probe_root_move(
        &mut self,
        after_move: &Board,
        root_index: usize,
        d: usize,
        floor: i32,
        known: Option<(i32, Option<Move>)>,
        table: &mut TrapTable,
        config: &TrapConfig,
    ) {
        if table.roots[root_index].replies.is_empty() {
            table.roots[root_index].raw[d] = table.roots[root_index].raw[1];
            return;
        }
        let (raw, best_reply) = match known {
            Some(value) => value,
            None => {
                // From the opponent's side: our window (floor, INFINITY).
                let score = -self.negamax::<true>(after_move, d as i32 - 1, -INFINITY, -floor, 1, true);
                if self.aborted {
                    return;
                }
                if score <= floor {
                    table.roots[root_index].refuted[d] = true;
                    return;
                }
                (score, self.pv_first_move(1))
            }
        };
        table.roots[root_index].raw[d] = Some(raw);
        if let Some(reply) = best_reply {
            table.mark_seen_best(root_index, reply, d);
        }
        for reply_index in likely_traps(table, root_index, d, config) {
            if table.roots[root_index].replies[reply_index].probes[d].is_some() {
                // The best reply: its exact value is the root move's.
                continue;
            }
            let reply = table.roots[root_index].replies[reply_index].mv;
            let mut after_reply = after_move.clone();
            after_reply.play(reply);
            self.keys.push(after_reply.hash());
            let probe = self.probe_reply(&after_reply, d as i32 - 2, floor, raw, config);
            self.keys.pop();
            if self.aborted {
                return;
            }
            table.roots[root_index].replies[reply_index].probes[d] = Some(probe);
        }
        if config.insurance_bonus > 0 && d >= 3 {
            if let Some(reply) = best_reply {
                let mut position = after_move.clone();
                position.play(reply);
                let count = self.count_continuations(&position, d as i32 - 3, raw - config.insurance_margin);
                table.roots[root_index].continuations[d] = Some(count);
            }
        }
    }

    /// One likely trap: a null-window test at the edge of attractiveness
    /// settles a reply that is plainly worse for the opponent only if it is
    /// not worse by much; one that is gets a re-search up to the profit cap,
    /// and one below the edge an exact value for its attractiveness.
    fn probe_reply(&mut self, position: &Board, depth: i32, floor: i32, raw: i32, config: &TrapConfig) -> Probe {
        let edge = (raw + config.tolerance + config.falloff).min(INFINITY - 1);
        let test = self.negamax::<false>(position, depth, edge, edge + 1, 2, true);
        if self.aborted {
            return Probe::AtLeast(test);
        }
        let (alpha, beta) =
            if test > edge { (edge, (raw + config.profit_cap + 1).min(INFINITY)) } else { (floor, edge + 1) };
        if alpha + 1 >= beta {
            return if test > edge { Probe::AtLeast(test) } else { Probe::AtMost(test) };
        }
        let score = self.negamax::<true>(position, depth, alpha, beta, 2, true);
        if score <= alpha {
            Probe::AtMost(score)
        } else if score >= beta {
            Probe::AtLeast(score)
        } else {
            Probe::Exact(score)
        }
    }

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

/// Replies worth probing at depth `d`, most attractive first: those whose
/// deficit at some earlier depth was inside the attractive range, and
/// those the main search found best for the opponent.
fn likely_traps(table: &TrapTable, root_index: usize, d: usize, config: &TrapConfig) -> Vec<usize> {
    let root = &table.roots[root_index];
    let reach = config.tolerance + config.falloff;
    let mut ranked: Vec<(i32, usize)> = root
        .replies
        .iter()
        .enumerate()
        .filter_map(|(index, reply)| {
            let least_deficit = (FIRST_REPLY_DEPTH..d)
                .filter_map(|earlier| match (reply.probes[earlier], root.raw[earlier]) {
                    (Some(Probe::Exact(value)), Some(best)) => Some((value - best).max(0)),
                    _ => None,
                })
                .min();
            let deficit = if reply.seen_best { Some(0) } else { least_deficit };
            deficit.filter(|&deficit| deficit < reach).map(|deficit| (deficit, index))
        })
        .collect();
    ranked.sort_unstable();
    ranked.into_iter().take(MAX_PROBED_REPLIES).map(|(_, index)| index).collect()
}
