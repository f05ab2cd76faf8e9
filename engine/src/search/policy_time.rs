//! What a root policy's decisions cost in time, so that a search under a
//! clock can leave that much for the decision after it: a move then takes
//! about the time plain minimax would take, and the policy pays for its
//! decision with some of the search's depth, not with the clock.

use std::time::Duration;

/// The time the decisions took, smoothed over the last few. It persists
/// across games: it measures this machine and these settings, not a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PolicyTime {
    /// `None` until a decision was timed.
    smoothed: Option<Duration>,
}

/// Before any decision was timed, the share of a move's time left to it:
/// its allowance is at most half the search's nodes (`TrapBudget` 50, the
/// floor aside), so a third of the move. Starting from nothing instead,
/// the first moves of a game took the decision's time on top of the
/// search's until the smoothing caught up.
pub const UNTIMED_DECISION_SHARE: f64 = 1.0 / 3.0;

impl PolicyTime {
    /// What the next search should leave to its decision; `None` before
    /// any decision was timed.
    pub fn reserve(&self) -> Option<Duration> {
        self.smoothed
    }

    /// A decision took `took`; `floor` is what its floor of nodes costs at
    /// the search's speed. A decision cut short by the deadline counts at
    /// least its floor, so a search that left it too little leaves enough
    /// the next time.
    pub fn record(&mut self, took: Duration, floor: Duration) {
        // An hour bounds a cost no move could have, so the sum cannot
        // overflow.
        let cost = took.max(floor).min(Duration::from_secs(3600));
        // A quarter weight for the newest: decisions vary from move to
        // move, and one long one should not cut the next search short.
        self.smoothed = Some(self.smoothed.map_or(cost, |smoothed| (smoothed * 3 + cost) / 4));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reserve_follows_the_decisions_and_never_drops_below_the_floor() {
        let mut time = PolicyTime::default();
        assert_eq!(time.reserve(), None, "nothing timed yet");
        time.record(Duration::from_millis(40), Duration::from_millis(10));
        assert_eq!(time.reserve(), Some(Duration::from_millis(40)), "the first decision counts whole");
        time.record(Duration::from_millis(80), Duration::from_millis(10));
        assert_eq!(time.reserve(), Some(Duration::from_millis(50)), "a quarter weight for the newest");
        // Starved decisions (no time at all) still count their floor.
        for _ in 0..40 {
            time.record(Duration::ZERO, Duration::from_millis(10));
        }
        let reserve = time.reserve().unwrap_or_default();
        assert!(reserve >= Duration::from_millis(10) && reserve < Duration::from_millis(11), "{reserve:?}");
    }
}
