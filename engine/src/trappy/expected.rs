//! A root move's expected score against the modelled opponent.
//!
//! The opponent plays reply `r` with probability `p(r)`; what `r` leaves
//! us is worth `W(v(m, r))` points, `W` being a score-to-result curve
//! (`ResultCurve`): by default the engine's own. The curve decides how
//! much risk the expected score takes: in its lower tail it is convex, and
//! a gamble looks cheap.
//!
//! Points average where centipawns do not: a mate and a pawn up are 1.0
//! and 0.6, not "fifteen thousand". Only the likeliest replies are
//! searched; every other reply, and any reply valued at or below the
//! move's minimax value `raw(m)`, counts at `raw(m)`: minimax says the
//! opponent can hold us to that, and assuming no more is the safe
//! direction. `TrapTrust` is the trust `t` in the model:
//!
//! `E(m) = W(raw) + t × Σ p(r) × (W(max(v(r), raw)) − W(raw))`.
//!
//! With `t <= 1`, `Σ p <= 1` and any rising `W`, `E` never falls as `raw`
//! grows, so the smallest `raw` at which a move would beat another is
//! found by bisection and settled by one null-window search (`decide.rs`).

use super::replies::LikelyReply;
use crate::result_curve::ResultCurve;
use movegen::Move;

/// A reply the decision searched: how likely the model makes it, and its
/// value from the root side (clamped to the search's window).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ReplyOutcome {
    pub reply: Move,
    pub probability: f64,
    pub value: i32,
}

/// How replies are weighed: the trust in the model (0 to 1) and the curve.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Expectation {
    pub trust: f64,
    pub curve: ResultCurve,
}

impl Expectation {
    /// The expected score (0 to 1) of a move whose minimax value is `raw`.
    pub fn score(&self, raw: i32, outcomes: &[ReplyOutcome]) -> f64 {
        let base = self.curve.points(raw);
        let gain: f64 = outcomes.iter().map(|o| o.probability * (self.curve.points(o.value.max(raw)) - base)).sum();
        base + self.trust * gain
    }

    /// What one reply adds to the expected score at `raw`, in points.
    pub fn reply_gain(&self, raw: i32, outcome: &ReplyOutcome) -> f64 {
        let curve = &self.curve;
        self.trust * outcome.probability * (curve.points(outcome.value.max(raw)) - curve.points(raw))
    }

    /// The most a move of minimax value `raw` could expect were replies
    /// carrying `mass` of the probability all worth `value`.
    pub fn best_case(&self, raw: i32, mass: f64, value: i32) -> f64 {
        let base = self.curve.points(raw);
        base + self.trust * mass * (self.curve.points(value.max(raw)) - base)
    }
}

/// What the opponent's node after `first` and our answer is worth in
/// points, when it moves again there: `mix` times its minimax value
/// (`first.value`) plus the rest times the model's expectation over its
/// `seconds` replies (their probabilities given the node, their values from
/// the root side); a reply not searched, or valued below the minimax
/// value, counts at it.
pub fn second_node_points(curve: &ResultCurve, first: &ReplyOutcome, seconds: &[ReplyOutcome], mix: f64) -> f64 {
    let minimax = curve.points(first.value);
    let gain: f64 = seconds.iter().map(|s| s.probability * (curve.points(s.value.max(first.value)) - minimax)).sum();
    minimax + (1.0 - mix) * gain
}

/// `first` split into the outcomes the root's expected score counts when
/// its node is worth `second_node_points`: the share of its probability
/// the second replies carry (times `1 - mix`) at their values, the rest at
/// `first`'s own. At any `raw` up to `first.value` the score over them is
/// the score over `first` valued at the node's points, and it still never
/// falls as `raw` grows.
pub fn beyond_first_reply(first: &ReplyOutcome, seconds: &[ReplyOutcome], mix: f64) -> Vec<ReplyOutcome> {
    let carried = (1.0 - mix) * first.probability;
    let mass: f64 = seconds.iter().map(|s| s.probability).sum();
    let mut split = vec![ReplyOutcome { probability: first.probability - carried * mass, ..*first }];
    split.extend(seconds.iter().map(|s| ReplyOutcome {
        reply: first.reply,
        probability: carried * s.probability,
        value: s.value.max(first.value),
    }));
    split
}

/// The smallest `raw` in `lowest..=highest` whose expected score reaches
/// `target`, if any.
pub fn lowest_raw_reaching(
    lowest: i32,
    highest: i32,
    outcomes: &[ReplyOutcome],
    expectation: &Expectation,
    target: f64,
) -> Option<i32> {
    let reaches = |raw: i32| expectation.score(raw, outcomes) >= target;
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
/// of the probability. The minimax reply counts towards the coverage but
/// is not searched (it is worth `raw` by definition). How many that is
/// depends on how sure the model is; what they cost is the budget's
/// business.
pub fn replies_to_verify(distribution: &[LikelyReply], minimax_reply: Option<Move>, coverage: f64) -> Vec<LikelyReply> {
    let mut covered = 0.0;
    let mut chosen = Vec::new();
    for likely in distribution {
        if covered >= coverage {
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

    fn trusting(trust: f64) -> Expectation {
        Expectation { trust, curve: ResultCurve::ENGINE }
    }

    #[test]
    fn a_mate_and_a_pawn_average_in_points() {
        let r = replies();
        // Half the time the opponent walks into mate, else we stay level.
        let outcomes = [outcome(r[0], 0.5, MATE - 3)];
        assert!((trusting(1.0).score(0, &outcomes) - 0.75).abs() < 1e-12);
        // Replies the minimax value already covers add nothing.
        let held = [outcome(r[0], 0.6, -50), outcome(r[1], 0.3, 0)];
        assert!((trusting(1.0).score(0, &held) - 0.5).abs() < 1e-12);
        // No trust: the minimax value alone.
        assert!((trusting(0.0).score(120, &outcomes) - ResultCurve::ENGINE.points(120)).abs() < 1e-12);
        assert!((trusting(0.5).reply_gain(0, &outcomes[0]) - 0.125).abs() < 1e-12);
    }

    #[test]
    fn the_expected_score_never_falls_as_raw_grows_and_bisection_finds_the_least() {
        let r = replies();
        let outcomes = [outcome(r[0], 0.5, 300), outcome(r[1], 0.3, 900), outcome(r[2], 0.15, MATE - 1)];
        let flat = ResultCurve::of_centipawns(-1400, 800);
        for curve in [ResultCurve::ENGINE, flat] {
            let full = Expectation { trust: 1.0, curve };
            let mut previous = 0.0;
            for raw in -2000..=400 {
                let e = full.score(raw, &outcomes);
                assert!(e >= previous - 1e-12, "falls at {raw}");
                previous = e;
            }
            let partial = Expectation { trust: 0.8, curve };
            let target = full.score(0, &[]) + 0.01;
            let found = lowest_raw_reaching(-2000, 0, &outcomes, &partial, target).expect("reaches");
            let by_scan = (-2000..=0).find(|&raw| partial.score(raw, &outcomes) >= target);
            assert_eq!(Some(found), by_scan);
            assert_eq!(lowest_raw_reaching(-2000, 0, &[], &full, target), None, "no trap, no way past the plain move");
        }
    }

    #[test]
    fn a_curve_centred_far_behind_takes_no_gamble_the_engines_own_curve_takes() {
        // Fifteen pawns down, a move that keeps -1500 against one at -1750
        // whose likeliest reply (30 %) gives back six and a half pawns. By
        // the engine's own curve the game is lost either way and the gamble
        // is worth it; against a player with whom -1400 is an even game,
        // the 250 cp given up cost more than the trap is expected to bring.
        let r = replies();
        let gamble = [outcome(r[0], 0.3, -1100)];
        let engine = trusting(1.0);
        let fitted = Expectation { trust: 1.0, curve: ResultCurve::of_centipawns(-1400, 800) };
        assert!(engine.score(-1750, &gamble) > engine.score(-1500, &[]));
        assert!(fitted.score(-1750, &gamble) < fitted.score(-1500, &[]));
        // Mates stay all or nothing on any curve.
        assert_eq!((fitted.curve.points(MATE - 2), fitted.curve.points(-(MATE - 2))), (1.0, 0.0));
        assert!((fitted.curve.points(-1400) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn the_opponents_second_node_mixes_its_minimax_value_and_the_models_expectation() {
        let r = replies();
        let curve = ResultCurve::ENGINE;
        // The first reply holds us to +50; after our answer the opponent
        // walks into mate a fifth of the time and drops three pawns half
        // of the time; one reply searched is worth less than the minimax
        // value and counts at it.
        let first = outcome(r[0], 0.6, 50);
        let seconds = [outcome(r[1], 0.2, MATE - 5), outcome(r[2], 0.5, 350), outcome(r[3], 0.1, 20)];
        let model = curve.points(50) + 0.2 * (1.0 - curve.points(50)) + 0.5 * (curve.points(350) - curve.points(50));
        assert_eq!(second_node_points(&curve, &first, &seconds, 1.0), curve.points(50), "minimax alone");
        assert!((second_node_points(&curve, &first, &seconds, 0.0) - model).abs() < 1e-12, "the model alone");
        let half = second_node_points(&curve, &first, &seconds, 0.5);
        assert!((half - (model + curve.points(50)) / 2.0).abs() < 1e-12);
        // At the root the split reply counts as its node's points, at any
        // raw up to the reply's value, and the score never falls with raw.
        let full = trusting(1.0);
        for mix in [0.0, 0.3, 1.0] {
            let split = beyond_first_reply(&first, &seconds, mix);
            let total: f64 = split.iter().map(|o| o.probability).sum();
            assert!((total - first.probability).abs() < 1e-12);
            let node = second_node_points(&curve, &first, &seconds, mix);
            for raw in [-300, 0, 50] {
                let expected = curve.points(raw) + first.probability * (node - curve.points(raw));
                assert!((full.score(raw, &split) - expected).abs() < 1e-12, "mix {mix} raw {raw}");
            }
            let mut previous = 0.0;
            for raw in -1000..=700 {
                let e = full.score(raw, &split);
                assert!(e >= previous - 1e-12, "falls at {raw}");
                previous = e;
            }
        }
        assert_eq!(full.score(0, &beyond_first_reply(&first, &seconds, 1.0)), full.score(0, &[first]));
    }

    #[test]
    fn the_likeliest_replies_are_searched_up_to_the_coverage() {
        let r = replies();
        let likely = |i: usize, probability| LikelyReply { reply: r[i], probability };
        let distribution = [likely(0, 0.55), likely(1, 0.2), likely(2, 0.1), likely(3, 0.01)];
        let pick = |minimax, coverage| -> Vec<Move> {
            replies_to_verify(&distribution, minimax, coverage).iter().map(|l| l.reply).collect()
        };
        assert_eq!(pick(None, 0.8), vec![r[0], r[1], r[2]]);
        assert_eq!(pick(None, 0.75), vec![r[0], r[1]], "three quarters reached after two");
        assert_eq!(pick(Some(r[0]), 0.7), vec![r[1]], "the minimax reply counts, unsearched");
        assert_eq!(pick(None, 1.0), vec![r[0], r[1], r[2], r[3]]);
        assert_eq!(pick(None, 0.0), vec![], "no coverage, no search");
    }
}
