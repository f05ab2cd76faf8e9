//! What a root policy's decisions cost in time, so that a search under a
//! clock can leave that much for the decision after it: a move then takes
//! about the time plain minimax would take, and the policy pays for its
//! decision with some of the search's depth, not with the clock.

use std::time::Duration;

/// The time the decisions took, smoothed over the last few. It persists
/// across games: it measures this machine and these settings, not a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PolicyTime {
    smoothed: Duration,
}

impl PolicyTime {
    /// What the next search should leave to its decision.
    pub fn reserve(&self) -> Duration {
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
        self.smoothed = (self.smoothed * 3 + cost) / 4;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reserve_follows_the_decisions_and_never_drops_below_the_floor() {
        let mut time = PolicyTime::default();
        assert_eq!(time.reserve(), Duration::ZERO);
        time.record(Duration::from_millis(40), Duration::from_millis(10));
        assert_eq!(time.reserve(), Duration::from_millis(10));
        for _ in 0..40 {
            time.record(Duration::from_millis(40), Duration::from_millis(10));
        }
        assert!(time.reserve() > Duration::from_millis(39), "{:?}", time.reserve());
        // Starved decisions (no time at all) still count their floor.
        for _ in 0..40 {
            time.record(Duration::ZERO, Duration::from_millis(10));
        }
        assert!(time.reserve() >= Duration::from_millis(10) && time.reserve() < Duration::from_millis(11));
    }
}
