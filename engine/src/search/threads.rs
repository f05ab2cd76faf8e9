//! Lazy SMP: with `Threads` above 1, helper searchers search the same root
//! alongside the main one, each with its own history, search state and
//! network sums, all on the one shared table (`tt.rs`, no lock). What they
//! find reaches the main search through the table; the main search alone
//! reports, keeps the clock and decides, and the helpers stop when it
//! ends, before any root policy runs. A node limit (`go nodes`, the
//! strength limiter's `WeakNodes`) counts every thread's nodes, as
//! Stockfish counts them (`ThreadNodes`). With one thread nothing of this
//! runs and the search is what it was, node for node.

use super::{NetworkEval, SearchLimits, SearchRequest, Searcher, TimeManager};
use movegen::Board;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The most threads `Threads` accepts, as Stockfish and Ethereal allow.
pub const MAX_THREADS: usize = 256;

/// How often a thread publishes its node count and reads the others'.
pub const NODES_BETWEEN_CHECKS: u64 = 1024;

/// Which thread of a search a searcher is.
pub(super) enum ThreadRole {
    /// It reports, keeps the clock and ages the table.
    Main,
    Helper,
}

/// The node counts of one search's threads, counted together against
/// the search's node limit. Every `NODES_BETWEEN_CHECKS` nodes a thread
/// publishes its count and stops if the sum has reached the limit, so
/// each thread ends within that many nodes of the last sum it saw under
/// the limit: the search as a whole spends from its limit to its limit
/// plus `NODES_BETWEEN_CHECKS` per thread, whichever thread is slow.
#[derive(Clone)]
pub(super) struct ThreadNodes {
    /// Each thread's count as last published, the main thread's first.
    counts: Arc<[Arc<AtomicU64>]>,
    /// This thread's place in `counts`.
    own: usize,
    limit: u64,
}

impl ThreadNodes {
    /// Publishes `nodes` as this thread's count; whether every thread's
    /// together have reached the limit. Sequentially consistent: a count
    /// published before a sum was read is in that sum.
    fn publish_and_check(&self, nodes: u64) -> bool {
        self.counts[self.own].store(nodes, Ordering::SeqCst);
        self.limit != u64::MAX
            && self.counts.iter().map(|count| count.load(Ordering::SeqCst)).sum::<u64>() >= self.limit
    }
}

/// How much sooner than the main search the helpers stop at most: with
/// more threads than cores they take turns on them, and the main thread
/// alone for the last milliseconds notices its deadline at once.
const HELPERS_STOP_SOONER: Duration = Duration::from_millis(10);

/// When the helpers of a search under `timer` stop on their own: a little
/// before its hard deadline (by an eighth of the time left, at most
/// `HELPERS_STOP_SOONER`); none without one.
fn helpers_deadline(timer: &TimeManager) -> Option<Duration> {
    let left = timer.time_left()?;
    Some(left.saturating_sub(HELPERS_STOP_SOONER.min(left / 8)).max(Duration::from_millis(1)))
}

impl Searcher {
    /// Searches with `threads` threads (1 to `MAX_THREADS`) from the next
    /// search on.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let helper = self.new_helper();
            self.helpers.push(helper);
        }
    }

    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// A helper on this searcher's table, with its tunables and evaluation.
    fn new_helper(&self) -> Searcher {
        let mut helper = Searcher::on_table(Arc::clone(&self.tt), self.tunables.clone());
        helper.contempt = self.contempt;
        helper.network_eval = self.network().cloned().map(NetworkEval::new);
        helper.role = ThreadRole::Helper;
        // Its deadline is the main search's, already less the overhead.
        helper.move_overhead = Duration::ZERO;
        helper
    }

    /// Every helper made again on this searcher's table (after a resize).
    pub(super) fn rebuild_helpers(&mut self) {
        let threads = self.threads();
        self.helpers.clear();
        self.set_threads(threads);
    }

    /// The nodes the helpers have searched in this search so far.
    pub(super) fn helper_nodes(counters: &[Arc<AtomicU64>]) -> u64 {
        counters.iter().map(|nodes| nodes.load(Ordering::Relaxed)).sum()
    }

    /// Publishes this thread's node count to the others of a search with
    /// helpers; whether all of them together have reached its node limit.
    /// Always false with one thread, whose own count is checked on every
    /// node.
    #[inline]
    pub(super) fn threads_reached_node_limit(&self) -> bool {
        self.thread_nodes.as_ref().is_some_and(|shared| shared.publish_and_check(self.state.nodes))
    }

    pub(super) fn is_main_thread(&self) -> bool {
        matches!(self.role, ThreadRole::Main)
    }

    /// Runs `main` on this searcher while the helpers search `board` (the
    /// game's keys before it, the same depth limit and root moves, a
    /// deadline just before this search's); stops and joins them when
    /// `main` returns, and counts their nodes into this searcher's. Every
    /// thread stops when all of them together reach this search's node
    /// limit. `main` is given the helpers' published node counts.
    pub(super) fn alongside_helpers<T>(
        &mut self,
        board: &Board,
        game_keys: &[u64],
        limits: &SearchLimits,
        main: impl FnOnce(&mut Searcher, &[Arc<AtomicU64>]) -> T,
    ) -> T {
        if self.helpers.is_empty() {
            return main(self, &[]);
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        let stop = Arc::new(AtomicBool::new(false));
        let helper_limits = SearchLimits {
            depth: limits.depth,
            root_moves: limits.root_moves.clone(),
            movetime: self.state.timer.as_ref().and_then(helpers_deadline),
            // Pondering, the helpers' deadline too counts from `ponderhit`.
            ponder: limits.ponder.clone(),
            ..SearchLimits::default()
        };
        let counts: Arc<[Arc<AtomicU64>]> = (0..=helpers.len()).map(|_| Arc::new(AtomicU64::new(0))).collect();
        let shared = |own: usize| ThreadNodes { counts: Arc::clone(&counts), own, limit: self.state.search_node_limit };
        self.thread_nodes = Some(shared(0));
        for (index, helper) in helpers.iter_mut().enumerate() {
            helper.thread_nodes = Some(shared(index + 1));
            helper.share_stop_flag(Arc::clone(&stop));
        }
        let outcome = std::thread::scope(|scope| {
            for helper in helpers.iter_mut() {
                let limits = &helper_limits;
                scope.spawn(move || helper.search(SearchRequest::new(board, limits).after(game_keys)));
            }
            let outcome = main(self, &counts[1..]);
            stop.store(true, Ordering::Relaxed);
            outcome
        });
        self.thread_nodes = None;
        for helper in helpers.iter_mut() {
            helper.thread_nodes = None;
            self.state.nodes += helper.state.nodes;
        }
        self.helpers = helpers;
        outcome
    }
}
