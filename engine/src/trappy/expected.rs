//! A root move's expected score against the modelled opponent.
//!
//! The opponent plays reply `r` with probability `p(r)`; what `r` leaves
//! us is worth `W(v(m, r))` points, `W` being the engine's own
//! score-to-result curve (`search::score::win_chance`). Points average
//! where centipawns do not: a mate and a pawn up are 1.0 and 0.6, not
//! "fifteen thousand". Only the likeliest replies are searched; every
//! other reply, and any reply valued at or below the move's minimax value
//! `raw(m)`, counts at `raw(m)`: minimax says the opponent can hold us to
//! that, and assuming no more is the safe direction. `TrapScale` is the
//! trust `t` in the model:
//!
//! `E(m) = W(raw) + t × Σ p(r) × (W(max(v(r), raw)) − W(raw))`.
//!
//! With `t <= 1` and `Σ p <= 1`, `E` never falls as `raw` grows, so the
//! smallest `raw` at which a move would beat another is found by
//! bisection and settled by one null-window search (`decide.rs`).

use super::reply_model::LikelyReply;
use crate::search::score::win_chance;
use movegen::Move;

/// A reply the decision searched: how likely the model makes it, and its
/// value from the root side (clamped to the search's window).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ReplyOutcome {
    pub reply: Move,
    pub probability: f64,
    pub value: i32,
}

/// A reply is not worth a search below this probability: even a reply that
/// throws the game away would add at most 2 % of a point times the trust,
/// and its search costs as much as a likely reply's.
pub const LEAST_PROBABILITY: f64 = 0.02;

/// The expected score (0 to 1) of a move whose minimax value is `raw`.
pub fn expected_score(raw: i32, outcomes: &[ReplyOutcome], trust: f64) -> f64 {
    let base = win_chance(raw);
    let gain: f64 = outcomes.iter().map(|o| o.probability * (win_chance(o.value.max(raw)) - base)).sum();
    base + trust * gain
}

/// What one reply adds to the expected score at `raw`, in points.
pub fn reply_gain(raw: i32, outcome: &ReplyOutcome, trust: f64) -> f64 {
    trust * outcome.probability * (win_chance(outcome.value.max(raw)) - win_chance(raw))
}

/// The most a move of minimax value `raw` could expect were replies
/// carrying `mass` of the probability all worth `value`.
pub fn best_case(raw: i32, mass: f64, value: i32, trust: f64) -> f64 {
    let base = win_chance(raw);
    base + trust * mass * (win_chance(value.max(raw)) - base)
}

/// The smallest `raw` in `lowest..=highest` whose expected score reaches
/// `target`, if any.
pub fn lowest_raw_reaching(
    lowest: i32,
    highest: i32,
    outcomes: &[ReplyOutcome],
    trust: f64,
    target: f64,
) -> Option<i32> {
    let reaches = |raw: i32| expected_score(raw, outcomes, trust) >= target;
    if lowest > highest || !reaches(highest) {
        return None;
    }
    let (mut low, mut high) = (lowest, highest);
    while low < high {
        let middle = low + (high - low) / 2;
        if reaches(middle) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    Some(low)
}

/// The replies worth searching from `distribution` (most likely first):
/// taken in order until the replies passed over carry `coverage` (0 to 1)
/// of the probability or `most` are taken. The minimax reply counts
/// towards the coverage but is not searched (it is worth `raw` by
/// definition), nor is any reply less likely than `LEAST_PROBABILITY`.
pub fn replies_to_verify(
    distribution: &[LikelyReply],
    minimax_reply: Option<Move>,
    coverage: f64,
    most: usize,
) -> Vec<LikelyReply> {
    let mut covered = 0.0;
    let mut chosen = Vec::new();
    for likely in distribution {
        if covered >= coverage || chosen.len() >= most || likely.probability < LEAST_PROBABILITY {
            break;
        }
        covered += likely.probability;
        if Some(likely.reply) != minimax_reply {
            chosen.push(*likely);
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::MATE;
    use movegen::Board;

    fn replies() -> Vec<Move> {
        let board = Board::startpos();
        ["e2e4", "d2d4", "g1f3", "c2c4"].iter().map(|m| board.parse_uci_move(m).expect("legal")).collect()
    }

    fn outcome(reply: Move, probability: f64, value: i32) -> ReplyOutcome {
        ReplyOutcome { reply, probability, value }
    }

    #[test]
    fn a_mate_and_a_pawn_average_in_points() {
        let r = replies();
        // Half the time the opponent walks into mate, else we stay level.
        let outcomes = [outcome(r[0], 0.5, MATE - 3)];
        assert!((expected_score(0, &outcomes, 1.0) - 0.75).abs() < 1e-12);
        // Replies the minimax value already covers add nothing.
        let held = [outcome(r[0], 0.6, -50), outcome(r[1], 0.3, 0)];
        assert!((expected_score(0, &held, 1.0) - 0.5).abs() < 1e-12);
        // No trust: the minimax value alone.
        assert!((expected_score(120, &outcomes, 0.0) - win_chance(120)).abs() < 1e-12);
        assert!((reply_gain(0, &outcomes[0], 0.5) - 0.125).abs() < 1e-12);
    }

    #[test]
    fn the_expected_score_never_falls_as_raw_grows_and_bisection_finds_the_least() {
        let r = replies();
        let outcomes = [outcome(r[0], 0.5, 300), outcome(r[1], 0.3, 900), outcome(r[2], 0.15, MATE - 1)];
        let mut previous = 0.0;
        for raw in -600..=400 {
            let e = expected_score(raw, &outcomes, 1.0);
            assert!(e >= previous - 1e-12, "falls at {raw}");
            previous = e;
        }
        let target = expected_score(0, &[], 1.0) + 0.01;
        let found = lowest_raw_reaching(-600, 0, &outcomes, 0.8, target).expect("reaches");
        let by_scan = (-600..=0).find(|&raw| expected_score(raw, &outcomes, 0.8) >= target);
        assert_eq!(Some(found), by_scan);
        assert_eq!(lowest_raw_reaching(-600, 0, &[], 1.0, target), None, "no trap, no way past the plain move");
    }

    #[test]
    fn the_likeliest_replies_are_searched_up_to_the_coverage() {
        let r = replies();
        let likely = |i: usize, probability| LikelyReply { reply: r[i], probability };
        let distribution = [likely(0, 0.55), likely(1, 0.2), likely(2, 0.1), likely(3, 0.01)];
        let pick = |minimax, coverage, most| -> Vec<Move> {
            replies_to_verify(&distribution, minimax, coverage, most).iter().map(|l| l.reply).collect()
        };
        assert_eq!(pick(None, 0.8, 4), vec![r[0], r[1], r[2]]);
        assert_eq!(pick(Some(r[0]), 0.7, 4), vec![r[1]], "the minimax reply counts, unsearched");
        assert_eq!(pick(None, 1.0, 2), vec![r[0], r[1]]);
        assert_eq!(pick(None, 1.0, 9), vec![r[0], r[1], r[2]], "too unlikely to search");
    }
}
