//! The engine as a player sees it: the searcher (what persists over a
//! game) with the trappy root plugged into its root-policy hook. This is
//! the one place that knows both; the search itself knows neither.

use crate::fallible::root_pick::WeakRootPick;
use crate::opponent::{OpponentInfo, FULL_STRENGTH_ELO};
use crate::search::root_policy::{IterationSummary, RootPolicy, RootProbe};
use crate::search::{SearchLimits, SearchRequest, SearchResult, Searcher, TimeManager};
use crate::strength::leave_traps_inside_the_rating;
use crate::trappy::odds_network::{gives_way, network_at};
use crate::trappy::replies::OpponentModelChoice;
use crate::trappy::stance::Stance;
use crate::trappy::{TrapChoice, TrapConfig, TrappyRoot, TrappyStats};
use crate::tunables::{SetByUser, TunableError, Tunables};
use movegen::Move;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

pub struct TrappyEngine {
    searcher: Searcher,
    trappy: TrappyRoot,
    /// The tunables as set; the search plays them, with the stance's
    /// contempt.
    configured: Tunables,
    /// Which of them the user set by name.
    set_by_user: SetByUser,
    opponent: Option<OpponentInfo>,
    own_elo: i32,
    /// What predicts the opponent's replies (`OpponentModel`).
    opponent_model: OpponentModelChoice,
    /// What the engine does for whom it plays, from all of the above.
    stance: Stance,
    /// The stance's line as last reported (`stance_news`).
    reported_stance: Option<String>,
    /// The evaluation as set (`EvalFile`); a search may evaluate with the
    /// odds network instead (`trappy/odds_network.rs`).
    network: Option<Arc<crate::nnue::Network>>,
}

impl TrappyEngine {
    /// An engine playing `tunables`, none of them recorded as the user's
    /// (`set_tunable` records).
    pub fn new(hash_mb: usize, tunables: Tunables) -> TrappyEngine {
        let searcher = Searcher::new(hash_mb);
        let trappy = TrappyRoot::new(TrapConfig::from_tunables(&tunables));
        let (set_by_user, opponent_model) = (SetByUser::default(), OpponentModelChoice::Natural);
        let stance = Stance::towards(None, FULL_STRENGTH_ELO, &tunables, &set_by_user, &opponent_model);
        let mut engine = TrappyEngine {
            searcher,
            trappy,
            configured: tunables,
            set_by_user,
            opponent: None,
            own_elo: FULL_STRENGTH_ELO,
            opponent_model,
            stance,
            reported_stance: None,
            network: None,
        };
        engine.apply();
        engine
    }

    /// The tunables as set.
    pub fn tunables(&self) -> &Tunables {
        &self.configured
    }

    /// The names of the tunables the user set.
    pub fn set_by_user(&self) -> &SetByUser {
        &self.set_by_user
    }

    /// What the engine does for whom it plays: traps, contempt, curve, model.
    pub fn stance(&self) -> &Stance {
        &self.stance
    }

    /// Decides the stance once from what is set and known, and hands each
    /// part to the one that reads it.
    fn apply(&mut self) {
        let opponent = self.opponent.as_ref();
        let mut stance =
            Stance::towards(opponent, self.own_elo, &self.configured, &self.set_by_user, &self.opponent_model);
        // A network the user names stands, and the stance line says so.
        stance.odds_network &= gives_way(&self.network);
        self.trappy.set_stance(TrapConfig::for_stance(&self.configured, &stance), stance.model.clone());
        let mut searched = self.configured.clone();
        if stance.traps.traps_on() {
            leave_traps_inside_the_rating(&mut searched, self.own_elo);
        }
        self.searcher.set_tunables(searched);
        self.searcher.set_contempt(stance.contempt);
        self.stance = stance;
    }

    /// Takes a whole set of tunables the program derives (the strength
    /// limit's): what the user set stays recorded as the user's.
    pub fn set_tunables(&mut self, tunables: Tunables) {
        self.configured = tunables;
        self.apply();
    }

    /// Sets one tunable by name, as the user's (whatever its value: asking
    /// for the default is a choice too); an unknown name or a value out of
    /// range changes nothing.
    pub fn set_tunable(&mut self, name: &str, value: i64) -> Result<(), TunableError> {
        self.configured.set(name, value)?;
        self.set_by_user.record(name);
        self.apply();
        Ok(())
    }

    /// Notes `names` as set by the user (a searcher rebuilt with the
    /// options set so far).
    pub fn keep_set_by_user(&mut self, names: SetByUser) {
        self.set_by_user = names;
        self.apply();
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

    /// The stance's `info string` line when it changed since it was last
    /// asked (a GUI hears it at the first `go` and on every change).
    pub fn stance_news(&mut self) -> Option<String> {
        let line = self.stance.uci_line();
        if self.reported_stance.as_ref() == Some(&line) {
            return None;
        }
        self.reported_stance = Some(line.clone());
        Some(line)
    }

    /// What predicts the opponent's replies, in words, when traps are set
    /// against the opponent as told; `None` when they are not.
    pub fn opponent_model_in_use(&self) -> Option<String> {
        self.trappy_enabled().then(|| self.stance.model_in_words.clone())
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
        self.searcher.set_network(network.clone());
        self.network = network;
        self.apply();
    }

    /// The evaluation as set, whichever the last search evaluated with.
    pub fn network(&self) -> Option<&Arc<crate::nnue::Network>> {
        self.network.as_ref()
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
        self.reported_stance = None;
    }

    /// Whether the trappy root takes part in the choice.
    pub fn trappy_enabled(&self) -> bool {
        self.trappy.config().enabled()
    }

    /// Searches, then decides: the trap root when traps are set, then the
    /// weak player's draw when `WeakTopK` asks for one.
    pub fn search(&mut self, request: SearchRequest) -> SearchResult {
        // A change of evaluation clears the table (its scores were the
        // other network's): once when the engine falls a piece behind, once
        // when it catches up.
        self.searcher.set_network(network_at(request.board, self.stance.odds_network, &self.network));
        self.trappy.begin_search();
        let weak = WeakRootPick::from_tunables(&self.configured);
        let mut deciders = Deciders { trappy: &mut self.trappy, weak, drew: false };
        let mut result = self.searcher.search_with_policy(request, Some(&mut deciders));
        if deciders.drew {
            // For a player who draws, the draw is its play.
            result.plain_move = result.best_move;
        }
        result
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

/// The deciders after a search, as one root policy: the trap root, then
/// the weak player's draw, which counts the trap root's choice at its best
/// move's score plus the trap's lead. Each gets its own share of the
/// allowance.
struct Deciders<'e> {
    trappy: &'e mut TrappyRoot,
    weak: Option<WeakRootPick>,
    /// Whether the weak player's draw chose the move.
    drew: bool,
}

impl RootPolicy for Deciders<'_> {
    fn is_active(&self) -> bool {
        self.trappy.is_active() || self.weak.is_some()
    }

    fn allowance(&self, searched: u64) -> u64 {
        let trap = if self.trappy.is_active() { self.trappy.allowance(searched) } else { 0 };
        trap.saturating_add(self.weak.map_or(0, |weak| weak.allowance(searched)))
    }

    fn iteration_finished(&mut self, probe: &RootProbe<'_>, iteration: &IterationSummary<'_>) {
        if self.trappy.is_active() {
            self.trappy.iteration_finished(probe, iteration);
        }
    }

    fn choose(&mut self, probe: &mut RootProbe<'_>, iteration: &IterationSummary<'_>) -> Option<Move> {
        let Some(weak) = self.weak else { return self.trappy.choose(probe, iteration) };
        if !self.trappy.is_active() {
            let scored = weak.scores(probe, iteration);
            let drawn = weak.draw(probe, scored, None);
            self.drew = drawn.is_some();
            return drawn;
        }
        // The draw scores its moves first, as it does untold: the trap
        // root's searches, deeper than a capped search, would change what
        // the table gives them.
        let searched = probe.nodes();
        let scored = within(probe, weak.allowance(searched), |probe| weak.scores(probe, iteration));
        let trappy = &mut *self.trappy;
        let trap = within(probe, trappy.allowance(searched), |probe| {
            trappy.choose(probe, iteration).filter(|&mv| mv != iteration.root_order[0])
        })
        .map(|mv| (mv, trappy.last_choice().map_or(0, |choice| choice.lead)));
        let drawn = weak.draw(probe, scored, trap);
        self.drew = drawn.is_some();
        drawn
    }
}

/// `decide` run on `probe` with at most `nodes` of the allowance.
fn within<T>(probe: &mut RootProbe<'_>, nodes: u64, decide: impl FnOnce(&mut RootProbe<'_>) -> T) -> T {
    let whole = probe.narrow_allowance(nodes);
    let decided = decide(probe);
    probe.restore_allowance(whole);
    decided
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opponent::OpponentKind;
    use crate::result_curve::ResultCurve;
    use crate::search::SearchLimits;
    use crate::strength::StrengthLimit;
    use crate::trappy::stance::rated_result_curve;
    use movegen::Board;

    #[test]
    fn a_curve_set_by_name_stands_even_at_the_default_values() {
        let opponent = OpponentInfo { title: None, elo: Some(1300), kind: OpponentKind::Human, name: "x".into() };
        let rated = rated_result_curve(FULL_STRENGTH_ELO - 1300);
        let mut engine = TrappyEngine::new(1, Tunables::default());
        engine.set_opponent(Some(opponent.clone()), FULL_STRENGTH_ELO);
        assert_eq!(engine.stance().curve, rated, "derived from the rating");
        // Asking for the engine's own curve by name is a choice too.
        engine.set_tunable("TrapResultScale", 400).expect("in range");
        assert_eq!(engine.stance().curve, ResultCurve { centre: rated.centre, scale: 400.0 });
        engine.set_tunable("trapresultcentre", 0).expect("in range");
        assert_eq!(engine.stance().curve, ResultCurve { centre: 0.0, scale: 400.0 });
        // A whole set of tunables from the program keeps what the user set.
        let mut tunables = engine.tunables().clone();
        tunables.contempt = 10;
        engine.set_tunables(tunables);
        assert_eq!(engine.stance().curve, ResultCurve { centre: 0.0, scale: 400.0 });
        // A value the program set, even away from the default, is not the user's.
        let mut derived = TrappyEngine::new(1, Tunables { trap_result_centre: -700, ..Tunables::default() });
        derived.set_opponent(Some(opponent), FULL_STRENGTH_ELO);
        assert_eq!(derived.stance().curve, rated);
        // Nor is contempt written back into the tunables as set.
        assert_eq!(derived.tunables().contempt, 0);
        assert!(derived.stance().contempt > 0);
    }

    /// The classic traps of data/traps.epd: each position and its setting
    /// move.
    fn classic_traps() -> Vec<(Board, Move)> {
        let traps: Vec<(Board, Move)> = include_str!("../../data/traps.epd")
            .lines()
            .filter_map(|line| {
                let (fen, rest) = line.split_once(" sm ")?;
                let board = Board::from_fen(fen.trim()).ok()?;
                let setting = board.parse_uci_move(rest.split(';').next()?.trim()).ok()?;
                Some((board, setting))
            })
            .collect();
        assert_eq!(traps.len(), 5, "data/traps.epd holds five traps");
        traps
    }

    /// The setting moves an engine held to `elo` plays on the classic
    /// traps, told a human of its rating or nothing, evaluating with
    /// `network` (`None`: the classical evaluation), once for each of the
    /// weak draw's `seeds`; and the depth of each search. The node cap ends
    /// every search: no clock, so the same every run.
    fn setting_moves_under_the_limit(
        elo: i32,
        told: bool,
        network: Option<Arc<crate::nnue::Network>>,
        seeds: std::ops::Range<i32>,
    ) -> (usize, Vec<i32>) {
        let mut played = 0;
        let mut depths = vec![];
        for (board, setting) in classic_traps() {
            for seed in seeds.clone() {
                let mut tunables = Tunables { weak_seed: seed, ..Tunables::default() };
                StrengthLimit::at(i64::from(elo)).apply(&mut tunables);
                let mut engine = TrappyEngine::new(16, tunables);
                engine.set_network(network.clone());
                let human = OpponentInfo { title: None, elo: Some(elo), kind: OpponentKind::Human, name: "h".into() };
                engine.set_opponent(told.then_some(human), elo);
                assert_eq!(engine.trappy_enabled(), told);
                let result = engine.search(SearchRequest::new(&board, &SearchLimits::default()));
                played += usize::from(result.best_move == setting);
                depths.push(result.depth);
            }
        }
        (played, depths)
    }

    /// Told a human at each of `levels`, the limited engine plays at least
    /// as many setting moves as told nothing, more over all of them, and
    /// searches within a ply of the untold depth: the decision looks
    /// deeper than the capped search, and the search itself gives back
    /// what traps win above the rating, no more than a ply.
    fn assert_told_sets_more_traps(
        levels: &[i32],
        network: Option<Arc<crate::nnue::Network>>,
        seeds: std::ops::Range<i32>,
    ) {
        let (mut told_total, mut untold_total) = (0, 0);
        for &elo in levels {
            let (told, told_depths) = setting_moves_under_the_limit(elo, true, network.clone(), seeds.clone());
            let (untold, untold_depths) = setting_moves_under_the_limit(elo, false, network.clone(), seeds.clone());
            for (told_depth, untold_depth) in told_depths.iter().zip(&untold_depths) {
                assert!((told_depth - untold_depth).abs() <= 1, "at {elo}: {told_depths:?} against {untold_depths:?}");
            }
            assert!(told >= untold, "at {elo}: told {told}, untold {untold}");
            (told_total, untold_total) = (told_total + told, untold_total + untold);
        }
        assert!(told_total > untold_total, "told {told_total}, untold {untold_total}");
    }

    #[test]
    fn told_a_human_the_limited_engine_sets_more_traps_searching_within_a_ply() {
        assert_told_sets_more_traps(&[1500, 1700, 1800], None, 0..1);
    }

    /// With the built-in network, what a user gets: below 1800 the weak
    /// draw among three moves decides, and one draw a position says
    /// little, so each position is asked with six seeds of the draw.
    #[test]
    fn with_the_built_in_network_told_sets_more_traps_over_the_draws() {
        assert_told_sets_more_traps(&[1500, 1600, 1700, 1800], crate::nnue::default_network(), 0..6);
    }

    #[test]
    fn a_piece_behind_against_a_much_weaker_human_the_odds_network_evaluates() {
        use crate::nnue::{embedded_network, odds_network};
        let human = |elo| OpponentInfo { title: None, elo: Some(elo), kind: OpponentKind::Human, name: "x".into() };
        let queen_short = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1").expect("valid");
        let even = Board::from_fen(movegen::START_FEN).expect("valid");
        let limits = SearchLimits::depth(2);
        let evaluates_with_odds = |engine: &mut TrappyEngine, board: &Board| {
            engine.search(SearchRequest::new(board, &limits));
            engine.searcher.network().is_some_and(|n| Arc::ptr_eq(n, &odds_network()))
        };
        let mut engine = TrappyEngine::new(1, Tunables::default());
        engine.set_network(Some(embedded_network()));
        assert!(!evaluates_with_odds(&mut engine, &queen_short), "told nothing");
        engine.set_opponent(Some(human(1500)), FULL_STRENGTH_ELO);
        assert!(evaluates_with_odds(&mut engine, &queen_short));
        assert!(engine.stance_news().is_some_and(|line| line.ends_with("odds network a piece or more behind")));
        assert!(!evaluates_with_odds(&mut engine, &even), "even material");
        assert!(engine.network().is_some_and(|n| Arc::ptr_eq(n, &embedded_network())), "the network as set");
        engine.set_opponent(Some(human(1800)), FULL_STRENGTH_ELO);
        assert!(!evaluates_with_odds(&mut engine, &queen_short), "a human 600 below");
        engine.set_opponent(Some(human(1500)), FULL_STRENGTH_ELO);
        engine.set_tunable("OddsNetwork", 1).expect("off");
        assert!(!evaluates_with_odds(&mut engine, &queen_short), "OddsNetwork off");
        engine.set_tunable("OddsNetwork", 0).expect("auto");
        engine.set_network(Some(Arc::new(crate::nnue::Network::zeroed())));
        assert!(!evaluates_with_odds(&mut engine, &queen_short), "a network the user names");
        assert!(!engine.stance().uci_line().contains("odds network"), "and the stance line says so");
    }
}
