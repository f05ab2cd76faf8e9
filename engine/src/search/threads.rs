//! Lazy SMP: with `Threads` above 1, helper searchers search the same root
//! alongside the main one, each with its own history, search state and
//! network sums, all on the one shared table (`tt.rs`, no lock). What they
//! find reaches the main search through the table; the main search alone
//! reports, keeps the clock and decides, and the helpers stop when it
//! ends, before any root policy runs. With one thread nothing of this runs
//! and the search is what it was, node for node.

use super::{NetworkEval, SearchLimits, SearchRequest, Searcher};
use movegen::Board;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// The most threads `Threads` accepts, as Stockfish and Ethereal allow.
pub const MAX_THREADS: usize = 256;

/// Which thread of a search a searcher is.
pub(super) enum ThreadRole {
    /// It reports, keeps the clock and ages the table.
    Main,
    /// It publishes its node count here every 1,024 nodes, for the main
    /// search's `info` lines.
    Helper { nodes: Arc<AtomicU64> },
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
        helper.role = ThreadRole::Helper { nodes: Arc::new(AtomicU64::new(0)) };
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

    /// Publishes a helper's node count (nothing for the main thread).
    #[inline]
    pub(super) fn publish_nodes(&self) {
        if let ThreadRole::Helper { nodes } = &self.role {
            nodes.store(self.state.nodes, Ordering::Relaxed);
        }
    }

    pub(super) fn is_main_thread(&self) -> bool {
        matches!(self.role, ThreadRole::Main)
    }

    /// Runs `main` on this searcher while the helpers search `board` (the
    /// game's keys before it, the same depth limit and root moves, no
    /// clock); stops and joins them when `main` returns. `main` is given
    /// the helpers' node counters.
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
        let helper_limits =
            SearchLimits { depth: limits.depth, root_moves: limits.root_moves.clone(), ..SearchLimits::default() };
        let counters: Vec<Arc<AtomicU64>> = helpers
            .iter()
            .filter_map(|helper| match &helper.role {
                ThreadRole::Helper { nodes } => Some(Arc::clone(nodes)),
                ThreadRole::Main => None,
            })
            .collect();
        counters.iter().for_each(|nodes| nodes.store(0, Ordering::Relaxed));
        let outcome = std::thread::scope(|scope| {
            for helper in helpers.iter_mut() {
                helper.share_stop_flag(Arc::clone(&stop));
                let limits = &helper_limits;
                scope.spawn(move || helper.search(SearchRequest::new(board, limits).after(game_keys)));
            }
            let outcome = main(self, &counters);
            stop.store(true, Ordering::Relaxed);
            outcome
        });
        self.helpers = helpers;
        outcome
    }
}
