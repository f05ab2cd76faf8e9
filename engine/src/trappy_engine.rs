//! The engine as a player sees it: the searcher (what persists over a
//! game) with the trappy root plugged into its root-policy hook. This is
//! the one place that knows both; the search itself knows neither.

use crate::opponent::{adapted, OpponentInfo, UserCurve, FULL_STRENGTH_ELO};
use crate::search::{SearchLimits, SearchRequest, SearchResult, Searcher, TimeManager};
use crate::trappy::replies::OpponentModelChoice;
use crate::trappy::{TrapChoice, TrapConfig, TrappyRoot, TrappyStats};
use crate::tunables::{TunableError, Tunables};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

pub struct TrappyEngine {
    searcher: Searcher,
    trappy: TrappyRoot,
    /// The tunables as set; the searcher plays them adapted to `opponent`.
    configured: Tunables,
    opponent: Option<OpponentInfo>,
    own_elo: i32,
    /// What predicts the opponent's replies (`OpponentModel`).
    opponent_model: OpponentModelChoice,
    /// Which parts of the result curve the user set.
    user_curve: UserCurve,
    /// The opponent model as last reported (`opponent_model_news`).
    reported_model: Option<String>,
}

impl TrappyEngine {
    pub fn new(hash_mb: usize, tunables: Tunables) -> TrappyEngine {
        let searcher = Searcher::new(hash_mb);
        let trappy = TrappyRoot::new(TrapConfig::from_tunables(&tunables));
        let mut engine = TrappyEngine {
            searcher,
            trappy,
            configured: tunables,
            opponent: None,
            own_elo: FULL_STRENGTH_ELO,
            opponent_model: OpponentModelChoice::Natural,
            user_curve: UserCurve::default(),
            reported_model: None,
        };
        engine.user_curve = user_curve_of(&engine.configured, &Tunables::default(), UserCurve::default());
        engine.apply();
        engine
    }

    /// The tunables as set (before any adaptation to the opponent).
    pub fn tunables(&self) -> &Tunables {
        &self.configured
    }

    /// The tunables the search plays with: adapted to the opponent.
    pub fn playing_tunables(&self) -> &Tunables {
        self.searcher.tunables()
    }

    fn apply(&mut self) {
        let playing = adapted(&self.configured, self.opponent.as_ref(), self.own_elo, self.user_curve);
        self.trappy.set_config(TrapConfig::from_tunables(&playing));
        // A network is read the first time traps need it; when they are
        // off the model is not asked.
        if self.trappy.config().enabled() {
            let elo = self.opponent.as_ref().and_then(|o| o.elo);
            self.trappy.set_reply_model(self.opponent_model.model_for(elo, &playing));
        }
        self.searcher.set_tunables(playing);
    }

    /// Takes a whole set of tunables (an options file, a config's
    /// options): a result curve other than the default, or one set before
    /// and kept, is the user's.
    pub fn set_tunables(&mut self, tunables: Tunables) {
        self.user_curve = user_curve_of(&tunables, &self.configured, self.user_curve);
        self.configured = tunables;
        self.apply();
    }

    /// Sets one tunable by name; an unknown name or a value out of range
    /// changes nothing. A result curve set by name is the user's, whatever
    /// its value.
    pub fn set_tunable(&mut self, name: &str, value: i64) -> Result<(), TunableError> {
        self.configured.set(name, value)?;
        self.user_curve.centre |= name.eq_ignore_ascii_case("TrapResultCentre");
        self.user_curve.scale |= name.eq_ignore_ascii_case("TrapResultScale");
        self.apply();
        Ok(())
    }

    /// What predicts the opponent's replies: the natural model, or a
    /// human-move network (from a folder, the one rated nearest the
    /// opponent). Told nothing of the opponent, the engine plays plain
    /// minimax whatever this is.
    pub fn set_opponent_model(&mut self, choice: OpponentModelChoice) {
        self.opponent_model = choice;
        self.apply();
    }

    pub fn opponent_model(&self) -> &OpponentModelChoice {
        &self.opponent_model
    }

    /// What predicts the opponent's replies, in words, when traps are set
    /// and that changed since it was last asked (a GUI hears it once).
    pub fn opponent_model_news(&mut self) -> Option<String> {
        let described = self.opponent_model_in_use()?;
        if self.reported_model.as_ref() == Some(&described) {
            return None;
        }
        self.reported_model = Some(described.clone());
        Some(described)
    }

    /// What predicts the opponent's replies, in words, when traps are set
    /// against the opponent as told; `None` when they are not.
    pub fn opponent_model_in_use(&self) -> Option<String> {
        let elo = self.opponent.as_ref().and_then(|o| o.elo);
        self.trappy_enabled().then(|| self.opponent_model.describe(elo))
    }

    /// Whom the engine plays (`None`: nothing known), and its own rating.
    pub fn set_opponent(&mut self, opponent: Option<OpponentInfo>, own_elo: i32) {
        self.opponent = opponent;
        self.own_elo = own_elo;
        self.apply();
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

    /// The time budget of a search under `limits`.
    pub fn time_manager(&self, limits: &SearchLimits) -> TimeManager {
        self.searcher.time_manager(limits)
    }

    /// Evaluates with `network` (`None`: the classical evaluation); the
    /// trappy root's opponent model follows the main search.
    pub fn set_network(&mut self, network: Option<Arc<crate::nnue::Network>>) {
        self.searcher.set_network(network);
    }

    pub fn network(&self) -> Option<&Arc<crate::nnue::Network>> {
        self.searcher.network()
    }

    /// Searches with `threads` threads (Lazy SMP, `search/threads.rs`).
    pub fn set_threads(&mut self, threads: usize) {
        self.searcher.set_threads(threads);
    }

    pub fn threads(&self) -> usize {
        self.searcher.threads()
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

    pub fn search(&mut self, request: SearchRequest) -> SearchResult {
        self.trappy.begin_search();
        self.searcher.search_with_policy(request, Some(&mut self.trappy))
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

/// Which parts of `tunables`' result curve are the user's: a value other
/// than the default, or one the user set before (`user`, on `previous`)
/// and left as it was.
fn user_curve_of(tunables: &Tunables, previous: &Tunables, user: UserCurve) -> UserCurve {
    let default = Tunables::default();
    let kept = |value: i32, before: i32, set: bool| set && value == before;
    UserCurve {
        centre: tunables.trap_result_centre != default.trap_result_centre
            || kept(tunables.trap_result_centre, previous.trap_result_centre, user.centre),
        scale: tunables.trap_result_scale != default.trap_result_scale
            || kept(tunables.trap_result_scale, previous.trap_result_scale, user.scale),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opponent::{rated_result_curve, OpponentKind};

    fn curve(engine: &TrappyEngine) -> (i32, i32) {
        let playing = engine.playing_tunables();
        (playing.trap_result_centre, playing.trap_result_scale)
    }

    #[test]
    fn a_curve_set_by_name_stands_even_at_the_default_values() {
        let opponent = OpponentInfo { title: None, elo: Some(1300), kind: OpponentKind::Human, name: "x".into() };
        let mut engine = TrappyEngine::new(1, Tunables::default());
        engine.set_opponent(Some(opponent.clone()), FULL_STRENGTH_ELO);
        assert_eq!(curve(&engine), rated_result_curve(FULL_STRENGTH_ELO - 1300), "derived from the rating");
        // Asking for the engine's own curve by name is a choice too.
        engine.set_tunable("TrapResultScale", 400).expect("in range");
        assert_eq!(curve(&engine), (rated_result_curve(FULL_STRENGTH_ELO - 1300).0, 400));
        engine.set_tunable("trapresultcentre", 0).expect("in range");
        assert_eq!(curve(&engine), (0, 400));
        // A whole set of tunables keeps what was set and left as it was.
        let mut tunables = engine.tunables().clone();
        tunables.contempt = 10;
        engine.set_tunables(tunables);
        assert_eq!(curve(&engine), (0, 400));
        // An options file's value other than the default is the user's.
        let from_file = TrappyEngine::new(1, Tunables { trap_result_centre: -700, ..Tunables::default() });
        let mut from_file = from_file;
        from_file.set_opponent(Some(opponent), FULL_STRENGTH_ELO);
        assert_eq!(curve(&from_file), (-700, rated_result_curve(FULL_STRENGTH_ELO - 1300).1));
    }
}
