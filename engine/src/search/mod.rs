//! The search: iterative deepening over a PVS alpha-beta with quiescence,
//! a transposition table, and the usual pruning and reductions.
//!
//! A `Searcher` holds what persists over a game (the table, history, the
//! tunables); everything that lives for one search is a `SearchState`
//! made fresh by each `search`. Root policies (the trappy root) plug in
//! through `root_policy::RootPolicy` and never touch either directly.

mod alpha_beta;
pub mod history;
mod iterative;
mod network_eval;
pub mod ordering;
mod policy_time;
mod qsearch;
mod request;
pub mod root_policy;
mod root_stability;
pub mod score;
pub mod see;
mod singular;
mod state;
mod threads;
pub mod time;
pub mod tt;

use crate::nnue::Network;
use crate::tunables::{TunableError, Tunables};
use history::History;
use movegen::{Board, Move};
use network_eval::NetworkEval;
use policy_time::PolicyTime;
pub use request::SearchRequest;
use state::SearchState;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
pub use threads::MAX_THREADS;
pub use threads::NODES_BETWEEN_CHECKS;
use threads::{ThreadNodes, ThreadRole};
pub use time::{PonderSignal, SearchLimits, TimeManager};
use tt::TranspositionTable;

/// Progress after each completed iteration (what UCI prints as `info`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    pub depth: i32,
    pub seldepth: usize,
    pub score: i32,
    /// Whether `score` is exact or a bound (the line of a move a root
    /// policy chose may carry only a bound).
    pub score_bound: tt::Bound,
    pub nodes: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    pub pv: Vec<Move>,
    /// With MultiPV, the lines after the first, best first.
    pub more_lines: Vec<ReportedLine>,
}

/// A line of a MultiPV search: its score and principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportedLine {
    pub score: i32,
    pub pv: Vec<Move>,
}

impl SearchReport {
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (a root policy's choice); `Move::NULL` when the
    /// root has no legal move.
    pub best_move: Move,
    /// What plain minimax would play.
    pub plain_move: Move,
    /// The plain move's minimax score.
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    /// The plain move's principal variation.
    pub pv: Vec<Move>,
    /// The root moves in the last completed iteration's order, best first.
    pub root_order: Vec<Move>,
}

/// A searcher owns everything that persists between moves of a game.
pub struct Searcher {
    /// Shared with the helper threads of a search.
    tt: Arc<TranspositionTable>,
    tunables: Tunables,
    /// What a draw is worth less than zero to the side that started the
    /// search: `Contempt` unless its player sets more for an opponent.
    contempt: i32,
    pub move_overhead: Duration,
    history: History,
    stop: Arc<AtomicBool>,
    lmr: Box<[[i32; 64]; 64]>,
    /// The current search's state (a fresh one per search).
    state: SearchState,
    /// The evaluation network and its accumulators; `None`: the classical
    /// evaluation.
    network_eval: Option<NetworkEval>,
    /// What the root policy's decisions took: a search under a clock
    /// leaves that much of its move's time to the decision after it.
    policy_time: PolicyTime,
    /// The helper threads' searchers (`Threads` - 1), on this table.
    helpers: Vec<Searcher>,
    role: ThreadRole,
    /// Every thread's nodes, while this searcher searches with others.
    thread_nodes: Option<ThreadNodes>,
}

impl Searcher {
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher::on_table(Arc::new(TranspositionTable::new(hash_mb)), Tunables::default())
    }

    fn on_table(tt: Arc<TranspositionTable>, tunables: Tunables) -> Searcher {
        let lmr = reduction_table(&tunables);
        Searcher {
            tt,
            contempt: tunables.contempt,
            tunables,
            move_overhead: Duration::from_millis(20),
            history: History::default(),
            stop: Arc::new(AtomicBool::new(false)),
            lmr,
            state: SearchState::new(u64::MAX, None, &[], 0),
            network_eval: None,
            policy_time: PolicyTime::default(),
            helpers: Vec::new(),
            role: ThreadRole::Main,
            thread_nodes: None,
        }
    }

    /// The flag another thread sets to stop the search.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Stops this searcher with another's flag (a helper search that must
    /// end when the search it serves does).
    pub fn share_stop_flag(&mut self, stop: Arc<AtomicBool>) {
        self.stop = stop;
    }

    /// Forget everything learned from earlier positions (`ucinewgame`).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.history.clear();
        self.helpers.iter_mut().for_each(|helper| helper.history.clear());
    }

    /// Evaluates with `network`, or with the classical evaluation when
    /// `None`. The table is cleared: its stored evaluations were the
    /// other evaluation's.
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        let same = match (&self.network_eval, &network) {
            (Some(current), Some(new)) => Arc::ptr_eq(current.network(), new),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.network_eval = network.clone().map(NetworkEval::new);
            self.tt.clear();
            // The helpers share the table just cleared: only their sums change.
            self.helpers.iter_mut().for_each(|helper| helper.network_eval = network.clone().map(NetworkEval::new));
        }
    }

    pub fn network(&self) -> Option<&Arc<Network>> {
        self.network_eval.as_ref().map(NetworkEval::network)
    }

    /// The static evaluation of `board`, `ply` moves from the root, for
    /// the side to move.
    #[inline]
    pub(crate) fn static_eval(&mut self, board: &Board, ply: usize) -> i32 {
        let score = match &mut self.network_eval {
            None => crate::eval::evaluate(board, &self.tunables),
            Some(network) => network.score(board, ply),
        };
        // A fallible model's noise, whichever evaluation it blurs.
        score + crate::fallible::noise_for(board, &self.tunables)
    }

    /// Steps into `child`, reached by `mv` (`Move::NULL` for a null move)
    /// from `parent` at `ply`: its key joins the path (for repetitions),
    /// the move joins the line (for continuation history) and the
    /// network's sums follow the move.
    #[inline]
    pub(crate) fn enter_child(&mut self, parent: &Board, mv: Move, child: &Board, ply: usize) {
        self.state.keys.push(child.hash());
        self.state.record_played(ply, parent, mv);
        self.network_follows(parent, child, ply);
    }

    /// The network's sums follow the move from `parent` to `child` (the
    /// quiescence search's captures, which keep no repetition path).
    #[inline]
    pub(crate) fn network_follows(&mut self, parent: &Board, child: &Board, ply: usize) {
        if let Some(network) = &mut self.network_eval {
            network.enter_child(parent, child, ply);
        }
    }

    pub fn tunables(&self) -> &Tunables {
        &self.tunables
    }

    /// The time budget of a search under `limits`, with this searcher's
    /// move overhead and clock share.
    pub fn time_manager(&self, limits: &SearchLimits) -> TimeManager {
        TimeManager::new(limits, self.move_overhead, self.tunables.time_moves_to_go as u32)
    }

    /// Replaces every tunable and the tables derived from them; the
    /// contempt becomes `Contempt`'s.
    pub fn set_tunables(&mut self, tunables: Tunables) {
        self.tunables = tunables;
        self.contempt = self.tunables.contempt;
        self.lmr = reduction_table(&self.tunables);
        self.helpers.iter_mut().for_each(|helper| helper.set_tunables(self.tunables.clone()));
    }

    /// Sets one tunable by name (range-checked) and updates derived tables.
    pub fn set_tunable(&mut self, name: &str, value: i64) -> Result<(), TunableError> {
        self.tunables.set(name, value)?;
        self.set_tunables(self.tunables.clone());
        Ok(())
    }

    /// Plays with `contempt` instead of `Contempt` (a player's choice for
    /// its opponent) until the tunables are set again.
    pub fn set_contempt(&mut self, contempt: i32) {
        self.contempt = contempt;
        self.helpers.iter_mut().for_each(|helper| helper.set_contempt(contempt));
    }

    /// The quiescence value of `board` for the side to move, with a full
    /// window: equal to the static evaluation when no capture or promotion
    /// improves on it, which is how `tuner fit` picks quiet positions.
    pub fn quiescence(&mut self, board: &Board) -> i32 {
        self.fresh_quiescence(board, u64::MAX)
    }

    /// `quiescence` within `node_limit` nodes: `None` when they ran out
    /// (`last_search_nodes` then says `node_limit`). Without a limit
    /// (`u64::MAX`) it is always `Some`.
    pub fn quiescence_within(&mut self, board: &Board, node_limit: u64) -> Option<i32> {
        let node_limit = node_limit.max(1);
        let value = self.fresh_quiescence(board, node_limit);
        (self.state.nodes < node_limit).then_some(value)
    }

    /// A full-window quiescence search of `board` in a fresh search state.
    fn fresh_quiescence(&mut self, board: &Board, node_limit: u64) -> i32 {
        self.state = SearchState::new(node_limit, None, &[], board.hash());
        self.qsearch(board, -score::INFINITY, score::INFINITY, 0)
    }

    /// The nodes of the last search or quiescence call.
    pub fn last_search_nodes(&self) -> u64 {
        self.state.nodes
    }

    pub fn hash_megabytes(&self) -> usize {
        self.tt.megabytes()
    }

    /// Resizes the table; on allocation failure keeps the old one.
    pub fn try_set_hash_size(&mut self, megabytes: usize) -> Result<(), String> {
        let table = TranspositionTable::try_new(megabytes)
            .ok_or_else(|| format!("cannot allocate a {megabytes} MB hash table; keeping the old one"))?;
        self.tt = Arc::new(table);
        self.rebuild_helpers();
        Ok(())
    }

    /// Counts a node, unless the search was already aborted (so a node
    /// limit holds exactly), and says whether the search must end.
    #[inline]
    fn count_node(&mut self) -> bool {
        if self.state.aborted {
            return true;
        }
        self.state.nodes += 1;
        self.should_abort()
    }

    /// Checks this thread's node budget on every node, and the clock, the
    /// stop flag and every thread's nodes together every
    /// `NODES_BETWEEN_CHECKS`; sets `aborted` when the search must end.
    #[inline]
    fn should_abort(&mut self) -> bool {
        if self.state.aborted {
            return true;
        }
        if self.state.nodes >= self.state.node_limit {
            self.state.aborted = true;
        } else if self.state.nodes.is_multiple_of(NODES_BETWEEN_CHECKS) {
            let timed_out = self.state.timer.as_ref().is_some_and(|t| t.hard_limit_reached());
            if timed_out || self.stop.load(Ordering::Relaxed) || self.threads_reached_node_limit() {
                self.state.aborted = true;
            }
        }
        self.state.aborted
    }

    /// Whether the search as a whole must end: stop, time, or its own
    /// node limit (as opposed to a root policy's allowance running out).
    fn hard_stop_reached(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.state.hard_limit_reached()
    }

    /// The value of a draw at `ply` for the side to move there: `Contempt`
    /// below zero for the side that started the search (it would rather
    /// play on), as much above zero for its opponent.
    #[inline]
    pub(crate) fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// Whether the position is drawn by repetition (of an earlier position
    /// since the last irreversible move), fifty moves or material.
    fn is_draw(&self, board: &Board) -> bool {
        // A mate on the hundredth halfmove still stands.
        if board.is_fifty_move_draw() && (!board.in_check() || board.has_legal_move()) {
            return true;
        }
        if board.is_insufficient_material() {
            return true;
        }
        // The last key is this position's own.
        let keys = &self.state.keys;
        let before = &keys[..keys.len().saturating_sub(1)];
        movegen::has_repeated(before, board.hash(), board.halfmove_clock())
    }
}

/// Late-move reductions, in plies, by depth and move number.
fn reduction_table(t: &Tunables) -> Box<[[i32; 64]; 64]> {
    let mut table = Box::new([[0; 64]; 64]);
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (moves, value) in row.iter_mut().enumerate().skip(1) {
            let r =
                t.lmr_base as f64 / 100.0 + (depth as f64).ln() * (moves as f64).ln() / (t.lmr_divisor as f64 / 100.0);
            *value = r.max(0.0) as i32;
        }
    }
    table
}
