//! Search limits and the time manager.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What `go` asked for. Every field is optional; none means "infinite".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Our remaining time and increment.
    pub time_left: Option<Duration>,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
    pub infinite: bool,
    /// `go ponder`: the clock above starts at `ponderhit`.
    pub ponder: Option<PonderSignal>,
    /// Search only these root moves (`go searchmoves`, MultiPV lines after
    /// the first); all legal moves when `None` or when none is legal.
    pub root_moves: Option<Vec<movegen::Move>>,
}

impl SearchLimits {
    pub fn depth(depth: i32) -> SearchLimits {
        SearchLimits { depth: Some(depth), ..SearchLimits::default() }
    }

    pub fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits { nodes: Some(nodes), ..SearchLimits::default() }
    }
}

/// A search on the opponent's time (`go ponder`) and the moment it became
/// ours (`ponderhit`: the opponent played the move pondered on, and our
/// clock, as `go ponder` gave it, runs from then). Clones share the state.
#[derive(Clone, Debug, Default)]
pub struct PonderSignal(Arc<PonderState>);

#[derive(Debug, Default)]
struct PonderState {
    hit: AtomicBool,
    hit_at: Mutex<Option<Instant>>,
}

impl PonderSignal {
    /// `ponderhit`: the search goes on, on our clock from now.
    pub fn hit(&self) {
        if let Ok(mut at) = self.0.hit_at.lock() {
            at.get_or_insert_with(Instant::now);
        }
        self.0.hit.store(true, Ordering::SeqCst);
    }

    /// Whether the search still runs on the opponent's time.
    pub fn is_pondering(&self) -> bool {
        !self.0.hit.load(Ordering::SeqCst)
    }

    /// The moment of `ponderhit`, if it came.
    fn hit_at(&self) -> Option<Instant> {
        if self.is_pondering() {
            return None;
        }
        self.0.hit_at.lock().ok().and_then(|at| *at)
    }
}

/// Two limits ponder alike only on the same signal.
impl PartialEq for PonderSignal {
    fn eq(&self, other: &PonderSignal) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for PonderSignal {}

/// Turns limits into a soft deadline (don't start another iteration after
/// it) and a hard one (abort the search).
#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// While pondering no limit applies; after `ponderhit` they count from it.
    ponder: Option<PonderSignal>,
}

impl TimeManager {
    /// Without `movestogo`, the clock is shared as if `default_moves_to_go`
    /// moves were left (the tunable `TimeMovesToGo`).
    pub fn new(limits: &SearchLimits, move_overhead: Duration, default_moves_to_go: u32) -> TimeManager {
        let start = Instant::now();
        let (mut soft, mut hard) = (None, None);
        if let Some(movetime) = limits.movetime {
            // A fixed time per move is there to be used: iterations go on
            // until the hard limit stops one, so the answer comes after the
            // time given minus Move Overhead, not at the last whole iteration.
            hard = Some(movetime.saturating_sub(move_overhead).max(Duration::from_millis(1)));
        }
        if let Some(left) = limits.time_left {
            let usable = left.saturating_sub(move_overhead).max(Duration::from_millis(1));
            let moves = limits.moves_to_go.unwrap_or(default_moves_to_go).clamp(1, 50);
            // Spend a share of the clock plus most of the increment, but
            // never more than a fraction of what is left.
            let share = usable / moves + limits.increment * 3 / 4;
            let cap = usable * 2 / 5;
            let soft_time = share.min(cap);
            let hard_time = (soft_time * 3).min(cap.max(soft_time));
            soft = Some(soft.map_or(soft_time, |s: Duration| s.min(soft_time)));
            hard = Some(hard.map_or(hard_time, |h: Duration| h.min(hard_time)));
        }
        TimeManager { start, soft, hard, ponder: limits.ponder.clone() }
    }

    /// The deadlines of a search that must leave `reserve` of its move's
    /// time to a decision after it: both limits come forward by the
    /// reserve, each never to less than half of itself, so the search
    /// always keeps most of its time, and an iteration that runs into the
    /// hard limit still leaves the decision its time.
    pub fn leaving(&self, reserve: Duration) -> TimeManager {
        let earlier = |limit: Duration, by: Duration| limit.saturating_sub(by).max(limit / 2);
        // A new iteration starts only before half the soft limit (scaled by
        // the root's stability) and then runs on past it, so the soft limit
        // comes forward by more than the reserve: by one and a half times
        // it, told and untold took the same time a move on the same
        // positions (docs/results/engine-in-use.md; once: +13 %, twice: -6 %).
        let soft = self.soft.map(|soft| earlier(soft, reserve * 3 / 2));
        TimeManager { soft, hard: self.hard.map(|hard| earlier(hard, reserve)), ..self.clone() }
    }

    /// `leaving` a `share` (0 to 1) of the soft limit (the hard one
    /// without it).
    pub fn leaving_share(&self, share: f64) -> TimeManager {
        let Some(limit) = self.soft.or(self.hard) else { return self.clone() };
        self.leaving(limit.mul_f64(share.clamp(0.0, 1.0)))
    }

    /// The time the limits count: since the start, or when pondering,
    /// nothing until `ponderhit` and the time since it after.
    pub fn elapsed(&self) -> Duration {
        match &self.ponder {
            None => self.start.elapsed(),
            Some(ponder) => ponder.hit_at().map_or(Duration::ZERO, |at| at.elapsed()),
        }
    }

    /// The time since the search started, pondering included (what `info
    /// time` reports).
    pub fn since_start(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether a new iteration should start. An iteration typically costs
    /// more than all earlier ones together, so stop at half the soft limit.
    pub fn may_start_iteration(&self) -> bool {
        self.may_start_iteration_scaled(100)
    }

    /// `may_start_iteration` with the soft limit scaled to `percent` (how
    /// settled the root looks); the hard limit does not move.
    pub fn may_start_iteration_scaled(&self, percent: u32) -> bool {
        self.soft.is_none_or(|soft| self.elapsed() < soft * percent / 200)
    }

    /// Time until the hard limit, if there is one.
    pub fn time_left(&self) -> Option<Duration> {
        self.hard.map(|hard| hard.saturating_sub(self.elapsed()))
    }

    pub fn hard_limit_reached(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed() >= hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_clock_stays_well_inside_the_time_left() {
        let limits = SearchLimits {
            time_left: Some(Duration::from_millis(1000)),
            increment: Duration::from_millis(10),
            ..SearchLimits::default()
        };
        let tm = TimeManager::new(&limits, Duration::from_millis(20), 25);
        let hard = tm.hard.expect("deadline");
        assert!(hard <= Duration::from_millis(400), "{hard:?}");
        assert!(tm.soft.expect("soft") >= Duration::from_millis(30));
    }

    #[test]
    fn movetime_is_used_to_its_end_less_the_overhead() {
        let limits = SearchLimits { movetime: Some(Duration::from_millis(300)), ..SearchLimits::default() };
        let tm = TimeManager::new(&limits, Duration::from_millis(20), 25);
        assert_eq!(tm.hard, Some(Duration::from_millis(280)));
        // No soft limit: a new iteration may start until the hard one.
        assert_eq!(tm.soft, None);
        assert!(tm.may_start_iteration());
        // With a clock as well, the clock's soft limit applies.
        let both = SearchLimits { time_left: Some(Duration::from_millis(1000)), ..limits };
        let tm = TimeManager::new(&both, Duration::from_millis(20), 25);
        assert!(tm.soft.is_some() && tm.hard.expect("deadline") <= Duration::from_millis(280));
    }

    #[test]
    fn without_movestogo_a_move_gets_its_share_of_the_clock_and_most_of_the_increment() {
        let limits = SearchLimits {
            time_left: Some(Duration::from_millis(60_000)),
            increment: Duration::from_millis(600),
            ..SearchLimits::default()
        };
        let tm = TimeManager::new(&limits, Duration::ZERO, 16);
        let expected = Duration::from_millis(60_000 / 16 + 450);
        assert_eq!(tm.soft, Some(expected));
        assert_eq!(tm.hard, Some(expected * 3));
        // movestogo, when given, replaces the default.
        let tm = TimeManager::new(&SearchLimits { moves_to_go: Some(40), ..limits }, Duration::ZERO, 16);
        assert_eq!(tm.soft, Some(Duration::from_millis(1_500 + 450)));
    }

    #[test]
    fn a_reserve_comes_off_both_limits() {
        let clock = SearchLimits { time_left: Some(Duration::from_millis(16_000)), ..SearchLimits::default() };
        let tm = TimeManager::new(&clock, Duration::ZERO, 16);
        let leaving = tm.leaving(Duration::from_millis(100));
        assert_eq!(leaving.soft, Some(Duration::from_millis(850)), "one and a half times the reserve");
        assert_eq!(leaving.hard, tm.hard.map(|hard| hard - Duration::from_millis(100)));
        // Never more than half of the limit.
        assert_eq!(tm.leaving(Duration::from_secs(5)).soft, Some(Duration::from_millis(500)));
        let movetime = SearchLimits { movetime: Some(Duration::from_millis(300)), ..SearchLimits::default() };
        let tm = TimeManager::new(&movetime, Duration::ZERO, 16);
        assert_eq!(tm.leaving(Duration::from_millis(50)).hard, Some(Duration::from_millis(250)));
        // Before any decision was timed, a share of the limit.
        assert_eq!(tm.leaving_share(0.25).hard, Some(Duration::from_millis(225)));
        // Without a deadline there is nothing to leave.
        let tm = TimeManager::new(&SearchLimits::depth(6), Duration::ZERO, 16);
        let leaving = tm.leaving(Duration::from_millis(50));
        assert_eq!((leaving.soft, leaving.hard), (None, None));
    }

    #[test]
    fn a_pondering_search_has_no_limit_until_ponderhit_and_its_clock_from_then() {
        let ponder = PonderSignal::default();
        let limits = SearchLimits {
            time_left: Some(Duration::from_millis(10)),
            ponder: Some(ponder.clone()),
            ..SearchLimits::default()
        };
        let tm = TimeManager::new(&limits, Duration::ZERO, 25);
        let hard = tm.hard.expect("a clock gives a deadline");
        std::thread::sleep(hard * 3);
        assert!(!tm.hard_limit_reached() && tm.may_start_iteration(), "the opponent's time is not ours");
        assert!(tm.since_start() >= hard * 3);
        ponder.hit();
        assert!(!ponder.is_pondering());
        assert!(tm.elapsed() < tm.since_start(), "the clock runs from ponderhit");
        std::thread::sleep(hard * 2);
        assert!(tm.hard_limit_reached(), "after ponderhit the clock given with go ponder holds");
    }

    #[test]
    fn tiny_clock_still_gets_a_positive_budget() {
        let limits = SearchLimits { time_left: Some(Duration::from_millis(5)), ..SearchLimits::default() };
        let tm = TimeManager::new(&limits, Duration::from_millis(20), 25);
        assert!(tm.hard.expect("deadline") > Duration::ZERO);
    }
}
