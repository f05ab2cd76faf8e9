//! Iterative deepening with aspiration windows, and the root move loop.
//!
//! The root is searched by its own loop rather than by `negamax`, so the
//! root move list persists across iterations (ordered by the last
//! iteration's result) and so later layers can look at every root move.

use super::history::Continuation;
use super::ordering::ScoredMoves;
use super::policy_time::UNTIMED_DECISION_SHARE;
use super::root_policy::{IterationSummary, RootPolicy, RootProbe, StoredReply};
use super::root_stability::RootStability;
use super::score::{DRAW, INFINITY, MATE, MAX_PLY};
use super::state::SearchState;
use super::tt::Bound;
use super::TimeManager;
use super::{ReportedLine, SearchLimits, SearchReport, SearchRequest, SearchResult, Searcher};
use movegen::{Board, Move};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug)]
pub(super) struct RootMove {
    pub mv: Move,
    /// Score from the latest search of this move; `-INFINITY` when it only
    /// failed low, so the stable sort keeps the earlier order among those.
    pub score: i32,
    /// Nodes spent below this move in the current iteration.
    pub nodes: u64,
}

impl SearchResult {
    /// The result before any iteration finished: the first move in the
    /// ordering (`Move::NULL` when there is none), score 0, depth 0.
    fn before_search(first: Move) -> SearchResult {
        SearchResult {
            best_move: first,
            plain_move: first,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: if first.is_null() { vec![] } else { vec![first] },
            root_order: vec![],
        }
    }

    /// Takes in a completed iteration: its best move leads `root_moves`.
    fn iteration_finished(&mut self, depth: i32, score: i32, nodes: u64, pv: Vec<Move>, root_moves: &[RootMove]) {
        self.best_move = root_moves[0].mv;
        self.plain_move = root_moves[0].mv;
        self.score = score;
        self.depth = depth;
        self.nodes = nodes;
        self.pv = pv;
        self.root_order = root_moves.iter().map(|root| root.mv).collect();
    }
}

impl Searcher {
    /// Searches as plain minimax.
    pub fn search(&mut self, request: SearchRequest) -> SearchResult {
        self.search_with_policy(request, None)
    }

    /// The search's own node cap: a fallible player's (`WeakNodes`), which
    /// a root policy's decision after it does not share.
    fn weak_node_cap(&self) -> u64 {
        if self.tunables.weak_nodes > 0 {
            self.tunables.weak_nodes as u64
        } else {
            u64::MAX
        }
    }

    /// The root moves best first by the move ordering, as `searchmoves`
    /// allows them.
    fn root_moves(&self, board: &Board, limits: &SearchLimits) -> Vec<RootMove> {
        let mut ordered = ScoredMoves::new(board, Move::NULL, &self.history, 0, Continuation::NONE, false);
        let moves = limits.allowed_root_moves(std::iter::from_fn(|| ordered.next_best().map(|(mv, _)| mv)));
        moves.into_iter().map(|mv| RootMove { mv, score: -INFINITY, nodes: 0 }).collect()
    }

    /// `search`, consulting `policy` after each iteration and for the
    /// final choice. An inactive policy leaves the search plain.
    pub fn search_with_policy(
        &mut self,
        mut request: SearchRequest,
        policy: Option<&mut dyn RootPolicy>,
    ) -> SearchResult {
        let (board, positions) = (request.board, request.positions);
        let mut policy = policy.filter(|p| p.is_active());
        // `go nodes` bounds the search and its policy together; a fallible
        // player's cap bounds the search alone.
        let node_limit = request.limits.nodes.unwrap_or(u64::MAX).max(1);
        let timer = self.time_manager(request.limits);
        // What a deciding policy needs is held back from a node limit.
        let held_back = match policy.as_deref() {
            Some(policy) if node_limit != u64::MAX => policy.allowance(0).min(node_limit / 2),
            _ => 0,
        };
        let search_limit = (node_limit - held_back).min(self.weak_node_cap());
        // Under a clock, what the decisions took is left to the decision.
        let search_timer = match policy {
            Some(_) => match self.policy_time.reserve() {
                Some(reserve) => timer.leaving(reserve),
                None => timer.leaving_share(UNTIMED_DECISION_SHARE),
            },
            None => timer.clone(),
        };
        self.state = SearchState::new(search_limit, Some(search_timer.clone()), request.game_keys, board.hash());
        if self.is_main_thread() {
            self.tt.new_search();
        }
        self.history.new_search();

        let mut root_moves = self.root_moves(board, request.limits);
        let mut result = SearchResult::before_search(root_moves.first().map_or(Move::NULL, |root| root.mv));
        if root_moves.is_empty() {
            result.score = if board.in_check() { -MATE } else { DRAW };
            return result;
        }
        let (game_keys, limits) = (request.game_keys, request.limits);
        self.alongside_helpers(board, game_keys, limits, |searcher, helper_nodes| {
            let deepening = Deepening {
                root_moves: &mut root_moves,
                result: &mut result,
                helper_nodes,
                shares_limit: held_back > 0,
            };
            searcher.deepen(&mut request, &mut policy, deepening, &timer, &search_timer, search_limit);
        });
        if let Some(policy) = policy {
            if result.depth > 0 && !self.stop.load(Ordering::Relaxed) {
                self.state.timer = Some(timer.clone());
                let searched_order: Vec<Move> = root_moves.iter().map(|root| root.mv).collect();
                let consulted = Consulted { result: &result, searched_order: &searched_order, node_limit };
                result.best_move = self.consult_policy(board, positions, policy, consulted);
                if result.best_move != result.plain_move {
                    self.report_chosen_line(&mut request, board, &mut result, &timer);
                }
            }
        }
        result.nodes = self.state.nodes;
        result
    }

    /// Asks the policy for the move to play, under its allowance: what is
    /// left of a node limit, else its share of the nodes so far. Its
    /// searches abort when that or the clock runs out, and the plain move
    /// stands unless the policy names a legal root move.
    fn consult_policy(
        &mut self,
        board: &Board,
        positions: &[Board],
        policy: &mut dyn RootPolicy,
        consulted: Consulted,
    ) -> Move {
        let Consulted { result, searched_order, node_limit } = consulted;
        let allowance = if node_limit == u64::MAX {
            policy.allowance(self.state.nodes)
        } else {
            node_limit.saturating_sub(self.state.nodes)
        };
        self.state.aborted = false;
        self.state.search_node_limit = node_limit;
        self.state.node_limit = node_limit.min(self.state.nodes.saturating_add(allowance));
        let (started, searched_nodes) = (Instant::now(), self.state.nodes);
        let choice = if self.hard_stop_reached() {
            None
        } else {
            let summary = IterationSummary {
                depth: result.depth,
                score: result.score,
                root_order: &result.root_order,
                searched_order,
                pv: &result.pv,
            };
            policy.choose(&mut RootProbe::new(self, board, positions), &summary)
        };
        self.record_policy_time(started.elapsed(), searched_nodes, policy.allowance(0));
        self.state.aborted = self.hard_stop_reached();
        let order = &result.root_order;
        choice.filter(|mv| order.contains(mv)).unwrap_or(result.plain_move)
    }

    /// The line of the move a policy chose instead of the plain one, from
    /// the table its searches filled, reported as the last `info` so that
    /// a GUI shows the move played (and `bestmove` ponders on its reply).
    /// Its score is the table's for the position after it: exact, or the
    /// bound the policy's searches proved; without an entry, the plain
    /// move's score bounds it from above.
    fn report_chosen_line(
        &mut self,
        request: &mut SearchRequest,
        board: &Board,
        result: &mut SearchResult,
        timer: &TimeManager,
    ) {
        let chosen = result.best_move;
        let (score, score_bound) = match self.stored_reply(board, chosen) {
            Some(stored) => (stored.value, stored.bound),
            None => (result.score, Bound::Upper),
        };
        result.pv = self.table_line(board, chosen, result.depth.max(1) as usize);
        request.report(&SearchReport {
            depth: result.depth,
            seldepth: self.state.seldepth,
            score,
            score_bound,
            nodes: self.state.nodes,
            time_ms: timer.since_start().as_millis() as u64,
            hashfull: self.tt.hashfull(),
            pv: result.pv.clone(),
            more_lines: vec![],
        });
    }

    /// What the table holds for the position after `root_move` from
    /// `root`, probed without side effects, from the root side; `None`
    /// when there is none or its move is not a legal reply (a key
    /// collision).
    pub(super) fn stored_reply(&self, root: &Board, root_move: Move) -> Option<StoredReply> {
        let mut child = root.clone();
        child.play(root_move);
        let hit = self.tt.probe(child.hash(), 1)?;
        if hit.mv.is_null() || !child.is_legal(hit.mv) {
            return None;
        }
        // The entry is from the opponent's side; a bound flips with it.
        Some(StoredReply { reply: hit.mv, depth: hit.depth, value: -hit.score, bound: hit.bound.flipped() })
    }

    /// `first` and then the table's best move in each position after it,
    /// at most `length` moves, stopping at a position the line has seen
    /// (the table can hold a cycle) or a move that is not legal there (a
    /// key collision).
    fn table_line(&self, board: &Board, first: Move, length: usize) -> Vec<Move> {
        let mut line = vec![first];
        let mut position = board.clone();
        position.play(first);
        let mut seen = vec![board.hash(), position.hash()];
        while line.len() < length {
            let Some(hit) = self.tt.probe(position.hash(), line.len()) else { break };
            if hit.mv.is_null() || !position.is_legal(hit.mv) {
                break;
            }
            position.play(hit.mv);
            if seen.contains(&position.hash()) {
                break;
            }
            seen.push(position.hash());
            line.push(hit.mv);
        }
        line
    }

    /// Remembers what a decision took, counting at least what its floor of
    /// `floor_nodes` costs at the speed of the search (`searched_nodes`)
    /// before it.
    fn record_policy_time(&mut self, took: Duration, searched_nodes: u64, floor_nodes: u64) {
        let Some(timer) = self.state.timer.as_ref() else { return };
        let searched = timer.since_start().saturating_sub(took);
        let floor_seconds = searched.as_secs_f64() * floor_nodes as f64 / searched_nodes.max(1) as f64;
        let floor = Duration::try_from_secs_f64(floor_seconds).unwrap_or(Duration::MAX);
        self.policy_time.record(took, floor);
    }

    /// Searches one depth, starting with a narrow window around the last
    /// score and widening it on a fail.
    fn aspiration(&mut self, board: &Board, root_moves: &mut [RootMove], depth: i32, previous: i32) -> i32 {
        for root in root_moves.iter_mut() {
            root.nodes = 0;
        }
        let mut delta = self.tunables.aspiration_window;
        let (mut alpha, mut beta) =
            if depth >= 5 { (previous - delta, previous + delta) } else { (-INFINITY, INFINITY) };
        loop {
            let score = self.search_root(board, root_moves, depth, alpha, beta);
            if self.state.aborted {
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
        self.state.pv.clear_ply(0);
        // A node limit reached exactly at the end of the last iteration.
        if self.count_node() {
            return DRAW;
        }
        let mut best = -INFINITY;
        for index in 0..root_moves.len() {
            let mv = root_moves[index].mv;
            let mut child = board.clone();
            child.play(mv);
            self.enter_child(board, mv, &child, 0);
            let nodes_before = self.state.nodes;
            let score = if index == 0 {
                -self.negamax::<true>(&child, depth - 1, -beta, -alpha, 1, true)
            } else {
                let mut score = -self.negamax::<false>(&child, depth - 1, -alpha - 1, -alpha, 1, true);
                if score > alpha && score < beta {
                    score = -self.negamax::<true>(&child, depth - 1, -beta, -alpha, 1, true);
                }
                score
            };
            self.state.keys.pop();
            root_moves[index].nodes += self.state.nodes - nodes_before;
            if self.state.aborted {
                return best;
            }
            root_moves[index].score = -INFINITY;
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    root_moves[index].score = score;
                    self.state.pv.update(0, mv);
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

/// What one search's iterations update, the helpers' node counts its
/// reports add to the main thread's, and whether the search shares a node
/// limit with the policy after it.
struct Deepening<'d> {
    root_moves: &'d mut Vec<RootMove>,
    result: &'d mut SearchResult,
    helper_nodes: &'d [Arc<AtomicU64>],
    shares_limit: bool,
}

/// What a policy is consulted on: the search's result, its root moves in
/// the order it left them, and the node limit of `go nodes`.
struct Consulted<'c> {
    result: &'c SearchResult,
    searched_order: &'c [Move],
    node_limit: u64,
}

impl Searcher {
    /// The iterations, from depth 1 until a limit, the clock or a stop
    /// ends them; each reports, shows `policy` the root and sorts the root
    /// moves for the next.
    fn deepen(
        &mut self,
        request: &mut SearchRequest,
        policy: &mut Option<&mut dyn RootPolicy>,
        deepening: Deepening,
        timer: &TimeManager,
        search_timer: &TimeManager,
        search_limit: u64,
    ) {
        let Deepening { root_moves, result, helper_nodes, shares_limit } = deepening;
        let (board, positions) = (request.board, request.positions);
        let lines = request.lines.clamp(1, root_moves.len());
        // Each later line's score at the last depth, for its window.
        let mut line_scores: Vec<i32> = Vec::new();
        let weak_depth = if self.tunables.weak_depth > 0 { self.tunables.weak_depth } else { i32::MAX };
        let max_depth = request.limits.depth.unwrap_or(MAX_PLY as i32 - 1).min(weak_depth).clamp(1, MAX_PLY as i32 - 1);
        let mut stability = RootStability::default();
        let mut previous_iteration_nodes = u64::MAX;
        for depth in 1..=max_depth {
            let nodes_before = self.state.nodes;
            let score = self.aspiration(board, root_moves, depth, result.score);
            if self.state.aborted {
                break;
            }
            let pv = self.state.pv.line(0);
            let first_line_nodes = (self.state.nodes - nodes_before).max(1);
            let best_share = root_moves[0].nodes * 1000 / first_line_nodes;
            let more_lines = self.later_lines(board, root_moves, depth, lines, &mut line_scores);
            result.iteration_finished(depth, score, self.state.nodes, pv, root_moves);
            // A depth whose later lines were cut short is not reported; its
            // first line stands, as a plain search's would.
            if self.state.aborted {
                break;
            }
            if let Some(policy) = policy.as_deref_mut() {
                let order = &result.root_order;
                let summary =
                    IterationSummary { depth, score, root_order: order, searched_order: order, pv: &result.pv };
                policy.iteration_finished(&RootProbe::new(self, board, positions), &summary);
            }
            request.report(&SearchReport {
                depth,
                seldepth: self.state.seldepth,
                score,
                score_bound: Bound::Exact,
                nodes: self.state.nodes + Searcher::helper_nodes(helper_nodes),
                time_ms: timer.since_start().as_millis() as u64,
                hashfull: self.tt.hashfull(),
                pv: result.pv.clone(),
                more_lines,
            });
            let iteration_nodes = (self.state.nodes - nodes_before).max(1);
            let scale = stability.after_iteration(root_moves[0].mv, score, best_share, &self.tunables);
            if self.state.aborted || !search_timer.may_start_iteration_scaled(scale) {
                break;
            }
            // Under a node limit a policy gets, beside what was held back
            // for it, the nodes of an iteration that could not finish
            // anyway, which plain minimax would spend and throw away. An
            // iteration rarely costs less than both before it (one alone,
            // yes: singular extensions and the table make the cost uneven).
            let nodes_left = search_limit.saturating_sub(self.state.nodes);
            let next_costs_at_least = iteration_nodes.min(previous_iteration_nodes);
            previous_iteration_nodes = iteration_nodes;
            if shares_limit && nodes_left < next_costs_at_least {
                break;
            }
        }
    }

    /// MultiPV's lines after the first at `depth`: line k is the best of
    /// the root moves the lines before it did not take (`root_moves[k - 1..]`,
    /// each search sorting its part), searched in a window around that
    /// line's last score. Stops at the first line cut short.
    fn later_lines(
        &mut self,
        board: &Board,
        root_moves: &mut [RootMove],
        depth: i32,
        lines: usize,
        line_scores: &mut Vec<i32>,
    ) -> Vec<ReportedLine> {
        let mut found = Vec::with_capacity(lines.saturating_sub(1));
        for line in 1..lines {
            let previous = line_scores.get(line - 1).copied().unwrap_or(-INFINITY);
            let score = self.aspiration(board, &mut root_moves[line..], depth, previous);
            if self.state.aborted {
                break;
            }
            match line_scores.get_mut(line - 1) {
                Some(slot) => *slot = score,
                None => line_scores.push(score),
            }
            found.push(ReportedLine { score, pv: self.state.pv.line(0) });
        }
        found
    }
}
