//! The engine as a player sees it: the searcher (what persists over a
//! game) with the trappy root plugged into its root-policy hook. This is
//! the one place that knows both; the search itself knows neither.

use crate::search::{SearchLimits, SearchReport, SearchResult, Searcher};
use crate::trappy::{TrapChoice, TrapConfig, TrappyRoot, TrappyStats};
use crate::tunables::{TunableError, Tunables};
use movegen::{Board, Move};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

pub struct TrappyEngine {
    searcher: Searcher,
    trappy: TrappyRoot,
}

impl TrappyEngine {
    pub fn new(hash_mb: usize, tunables: Tunables) -> TrappyEngine {
        let mut searcher = Searcher::new(hash_mb);
        let trappy = TrappyRoot::new(TrapConfig::from_tunables(&tunables));
        searcher.set_tunables(tunables);
        TrappyEngine { searcher, trappy }
    }

    pub fn tunables(&self) -> &Tunables {
        self.searcher.tunables()
    }

    pub fn set_tunables(&mut self, tunables: Tunables) {
        self.trappy.set_config(TrapConfig::from_tunables(&tunables));
        self.searcher.set_tunables(tunables);
    }

    /// Sets one tunable by name; an unknown name or a value out of range
    /// changes nothing.
    pub fn set_tunable(&mut self, name: &str, value: i64) -> Result<(), TunableError> {
        self.searcher.set_tunable(name, value)?;
        self.trappy.set_config(TrapConfig::from_tunables(self.searcher.tunables()));
        Ok(())
    }

    pub fn try_set_hash_size(&mut self, megabytes: usize) -> Result<(), String> {
        self.searcher.try_set_hash_size(megabytes)
    }

    pub fn hash_megabytes(&self) -> usize {
        self.searcher.hash_megabytes()
    }

    pub fn move_overhead(&self) -> Duration {
        self.searcher.move_overhead
    }

    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.searcher.move_overhead = overhead;
    }

    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.searcher.stop_flag()
    }

    /// Forget the table, history and the game's trappy counters.
    pub fn new_game(&mut self) {
        self.searcher.new_game();
        self.trappy.new_game();
    }

    /// Whether the trappy root takes part in the choice.
    pub fn trappy_enabled(&self) -> bool {
        self.trappy.config().enabled()
    }

    pub fn search(
        &mut self,
        board: &Board,
        game_keys: &[u64],
        limits: &SearchLimits,
        report: &mut dyn FnMut(&SearchReport),
    ) -> SearchResult {
        self.trappy.begin_search();
        self.searcher.search_with_policy(board, game_keys, limits, report, Some(&mut self.trappy))
    }

    /// The plain search: the trappy root is neither shown the iterations
    /// nor asked.
    pub fn search_plain(
        &mut self,
        board: &Board,
        game_keys: &[u64],
        limits: &SearchLimits,
        report: &mut dyn FnMut(&SearchReport),
    ) -> SearchResult {
        self.searcher.search(board, game_keys, limits, report)
    }

    /// A search whose choice waits for `choose_after`: the trappy root
    /// sees its iterations but does not decide yet.
    pub fn search_undecided(
        &mut self,
        board: &Board,
        game_keys: &[u64],
        limits: &SearchLimits,
        report: &mut dyn FnMut(&SearchReport),
    ) -> SearchResult {
        self.trappy.begin_search();
        self.searcher.search_observed_by(board, game_keys, limits, report, &mut self.trappy)
    }

    /// The trappy root's choice for the last `search_undecided`, whose
    /// result is `result`, within what is left of `limits`.
    pub fn choose_after(
        &mut self,
        board: &Board,
        game_keys: &[u64],
        limits: &SearchLimits,
        result: &SearchResult,
    ) -> Move {
        self.searcher.choose_after_search(board, game_keys, limits, result, &mut self.trappy)
    }

    /// The trappy root's decision in the last search; `None` when it was
    /// off or not consulted (no completed iteration, or stopped).
    pub fn last_trap_choice(&self) -> Option<&TrapChoice> {
        self.trappy.last_choice()
    }

    /// Trappy counters over the current game.
    pub fn trappy_stats(&self) -> TrappyStats {
        self.trappy.stats()
    }
}
