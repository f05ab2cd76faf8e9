//! From the stored probes to profits, trappiness and root bonuses.
//!
//! For a root move `m` and reply `r`, the *deficit* at depth `d` is how much
//! worse `r` is for the opponent than their best reply at that depth:
//! `v(m, r, d) - raw(m, d)`, never negative. The reply's attractiveness at
//! `d` is 1 while the deficit is within the tolerance and falls linearly to
//! 0 over the falloff: a fallible opponent often plays a move that looks
//! nearly best, rarely one that looks clearly worse. Trappiness is the
//! method's summary of the shallow attractiveness (median, best, or depth
//! D-1) times the share of shallow depths that found the reply attractive
//! at all. A reply is a trap only when the final depth shows it much worse
//! than it ever looked (final deficit above the best shallow deficit plus
//! the tolerance), so a reply that was always slightly worse is not one.
//! A missing entry (an alpha-beta
//! hole, a depth where the pass did not run) takes the value of the next
//! deeper depth, as Beowulf did: that makes the reply look as bad for the
//! opponent as the deeper search says, so holes never invent traps.

use super::config::{TrapConfig, TrapMethod, MAX_INSURED_CONTINUATIONS};
use super::table::{RootData, MAX_TRACKED_DEPTH};
use crate::search::score::MATE_BOUND;
use movegen::Move;

/// The first iteration depth with reply scores. A probe at root depth `d`
/// searches the position after the root move and the reply to depth
/// `d - 2`; at depth 1 that is the static evaluation alone (the opponent
/// who only counts what the move wins), at depth 2 quiescence.
pub const FIRST_REPLY_DEPTH: usize = 1;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrapAssessment {
    pub reply: Move,
    /// (root iteration depth, score for the root side), holes filled.
    pub vector: Vec<(usize, i32)>,
    pub profit: i32,
    /// 0..=1000.
    pub trappiness: i32,
}

impl TrapAssessment {
    pub fn quality(&self) -> i32 {
        self.profit * self.trappiness / 1000
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootAssessment {
    pub mv: Move,
    pub raw: i32,
    pub trap_bonus: i32,
    pub insurance_bonus: i32,
    pub delay_bonus: i32,
    /// Replies with positive profit and trappiness, best quality first.
    pub traps: Vec<TrapAssessment>,
}

impl RootAssessment {
    pub fn bonus(&self) -> i32 {
        self.trap_bonus + self.insurance_bonus + self.delay_bonus
    }

    pub fn adjusted(&self) -> i32 {
        self.raw + self.bonus()
    }
}

fn clamp_mate(score: i32) -> i32 {
    score.clamp(-(MATE_BOUND - 1), MATE_BOUND - 1)
}

/// Fills holes from deeper entries, from `depth` down to the first depth.
fn filled(values: impl Fn(usize) -> Option<i32>, depth: usize) -> Vec<Option<i32>> {
    let mut out = vec![None; depth + 1];
    let mut deeper = None;
    for d in (FIRST_REPLY_DEPTH..=depth).rev() {
        let here = values(d).or(deeper);
        out[d] = here;
        deeper = here;
    }
    out
}

fn median(mut values: Vec<i32>) -> i32 {
    values.sort_unstable();
    values[values.len() / 2]
}

/// Assesses one root move at `depth`, or `None` if the pass has no exact
/// value for it there.
pub fn assess_root(root: &RootData, depth: usize, config: &TrapConfig) -> Option<RootAssessment> {
    if !(FIRST_REPLY_DEPTH..MAX_TRACKED_DEPTH).contains(&depth) {
        return None;
    }
    let raw_at_depth = root.raw[depth]?;
    let raw = clamp_mate(raw_at_depth);
    let shallow: Vec<usize> = (FIRST_REPLY_DEPTH..depth).collect();
    let mut traps = Vec::new();
    for reply in &root.replies {
        let Some(final_probe) = reply.probes[depth] else { continue };
        let deficits = filled(
            |d| match (reply.probes[d], root.raw[d]) {
                (Some(probe), Some(best)) => Some((clamp_mate(probe.value()) - clamp_mate(best)).max(0)),
                _ => None,
            },
            depth,
        );
        let scores = filled(|d| reply.probes[d].map(|p| clamp_mate(p.value())), depth);
        let profit = (clamp_mate(final_probe.value()) - raw).clamp(0, config.profit_cap);
        if profit == 0 || profit < config.min_profit || shallow.is_empty() {
            continue;
        }
        let shallow_deficits: Vec<i32> = shallow.iter().filter_map(|&d| deficits[d]).collect();
        if shallow_deficits.len() != shallow.len() {
            continue;
        }
        let final_deficit = clamp_mate(final_probe.value()) - raw;
        let least_deficit = shallow_deficits.iter().copied().min().unwrap_or(i32::MAX);
        if final_deficit <= least_deficit.saturating_add(config.tolerance) {
            continue;
        }
        // Attractiveness per shallow depth, in permille.
        let appeal: Vec<i32> = shallow_deficits
            .iter()
            .map(|&deficit| 1000 - (1000 * (deficit - config.tolerance).max(0) / config.falloff).min(1000))
            .collect();
        let fooled = appeal.iter().filter(|&&a| a > 0).count();
        if fooled < config.min_shallow {
            continue;
        }
        let (summary, breadth) = match config.method {
            TrapMethod::Median => (median(appeal.clone()), 1000 * fooled as i32 / appeal.len() as i32),
            TrapMethod::BestShallow => {
                (appeal.iter().copied().max().unwrap_or(0), 1000 * fooled as i32 / appeal.len() as i32)
            }
            TrapMethod::DepthMinusOne => (appeal.last().copied().unwrap_or(0), 1000),
        };
        let trappiness = summary * breadth / 1000;
        if trappiness == 0 {
            continue;
        }
        let vector = (FIRST_REPLY_DEPTH..=depth).filter_map(|d| scores[d].map(|s| (d, s))).collect();
        traps.push(TrapAssessment { reply: reply.mv, vector, profit, trappiness });
    }
    // Best quality first; generation order breaks ties (stable sort).
    traps.sort_by_key(|trap| std::cmp::Reverse(trap.quality()));
    let best_quality = traps.first().map_or(0, TrapAssessment::quality);
    let trap_bonus = if config.scale > 0 { (best_quality * config.scale / 100).min(config.bonus_cap) } else { 0 };
    let insurance_bonus = root.continuations[depth]
        .map_or(0, |count| (count as i32 - 1).clamp(0, MAX_INSURED_CONTINUATIONS) * config.insurance_bonus);
    let delay_bonus = delay_the_loss(root, depth, config);
    // A mate already in hand needs no help, and a forced loss cannot be
    // saved by a trap.
    let (trap_bonus, insurance_bonus) =
        if raw_at_depth.abs() >= MATE_BOUND { (0, 0) } else { (trap_bonus, insurance_bonus) };
    Some(RootAssessment { mv: root.mv, raw: raw_at_depth, trap_bonus, insurance_bonus, delay_bonus, traps })
}

/// In a lost position, prefer moves whose loss showed up late in the
/// iterations: a loss the opponent must search deep to see is a loss they
/// may not find.
fn delay_the_loss(root: &RootData, depth: usize, config: &TrapConfig) -> i32 {
    let Some(raw) = root.raw[depth] else { return 0 };
    if config.delay_bonus == 0 || raw > -config.delay_threshold {
        return 0;
    }
    let looked_fine = (FIRST_REPLY_DEPTH..depth)
        .filter(|&d| root.raw[d].is_some_and(|value| value > -config.delay_threshold))
        .count() as i32;
    config.delay_bonus * looked_fine / (depth - FIRST_REPLY_DEPTH).max(1) as i32
}

#[cfg(test)]
mod tests {
    use super::super::table::{Probe, ReplyData};
    use super::*;
    use crate::tunables::Tunables;

    fn root_with(raw: &[(usize, i32)], reply_scores: &[(usize, Probe)]) -> RootData {
        let mut root = RootData {
            mv: Move::NULL,
            raw: [None; MAX_TRACKED_DEPTH],
            refuted: [false; MAX_TRACKED_DEPTH],
            continuations: [None; MAX_TRACKED_DEPTH],
            naive_views_done: true,
            replies: vec![ReplyData { mv: Move::NULL, seen_best: false, probes: [None; MAX_TRACKED_DEPTH] }],
        };
        for &(d, v) in raw {
            root.raw[d] = Some(v);
        }
        for &(d, p) in reply_scores {
            root.replies[0].probes[d] = Some(p);
        }
        root
    }

    #[test]
    fn a_reply_best_at_shallow_depths_and_bad_at_the_last_is_a_trap() {
        let config = TrapConfig::from_tunables(&Tunables::default());
        // The opponent's best at depths 2-4 (deficit 0), losing 250 at 5.
        let root = root_with(
            &[(1, 20), (2, 10), (3, 5), (4, 0), (5, 0)],
            &[
                (1, Probe::Exact(20)),
                (2, Probe::Exact(10)),
                (3, Probe::Exact(5)),
                (4, Probe::Exact(0)),
                (5, Probe::Exact(250)),
            ],
        );
        let assessment = assess_root(&root, 5, &config).expect("raw at 5");
        assert_eq!(assessment.traps.len(), 1);
        assert_eq!(assessment.traps[0].profit, 250);
        // Attractive at every shallow depth: full trappiness.
        assert_eq!(assessment.traps[0].trappiness, 1000);
        assert_eq!(assessment.trap_bonus, config.bonus_cap.min(250 * config.scale / 100));
        // A profit below TrapMinProfit does not make a trap.
        let strict = TrapConfig { min_profit: 251, ..config };
        assert!(assess_root(&root, 5, &strict).expect("raw at 5").traps.is_empty());
        let lenient = TrapConfig { min_profit: 250, ..config };
        assert_eq!(assess_root(&root, 5, &lenient).expect("raw at 5").traps.len(), 1);
    }

    #[test]
    fn holes_take_the_deeper_value_and_hide_traps() {
        let config = TrapConfig::from_tunables(&Tunables::default());
        // Only the final depth was probed: no shallow evidence, no trap.
        let root = root_with(&[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)], &[(5, Probe::Exact(250))]);
        assert!(assess_root(&root, 5, &config).expect("raw").traps.is_empty());
    }

    #[test]
    fn no_bonus_with_a_mate_in_hand() {
        let config = TrapConfig::from_tunables(&Tunables::default());
        let mate = MATE_BOUND + 10;
        let root = root_with(
            &[(1, 10), (2, 10), (3, 5), (4, 0), (5, mate)],
            &[(1, Probe::Exact(10)), (2, Probe::Exact(10)), (3, Probe::Exact(5)), (5, Probe::Exact(mate + 2))],
        );
        assert_eq!(assess_root(&root, 5, &config).expect("raw").bonus(), 0);
    }

    #[test]
    fn depth_minus_one_looks_only_at_the_last_shallow_depth() {
        let tunables = Tunables { trap_method: 2, trap_min_shallow: 1, ..Tunables::default() };
        let config = TrapConfig::from_tunables(&tunables);
        let root = root_with(
            &[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)],
            &[
                (1, Probe::Exact(300)),
                (2, Probe::Exact(200)),
                (3, Probe::Exact(200)),
                (4, Probe::Exact(0)),
                (5, Probe::Exact(150)),
            ],
        );
        let assessment = assess_root(&root, 5, &config).expect("raw");
        assert_eq!(assessment.traps.len(), 1);
        assert_eq!(assessment.traps[0].trappiness, 1000);
        let median = TrapConfig { method: TrapMethod::Median, ..config };
        assert!(assess_root(&root, 5, &median).expect("raw").traps.is_empty());
    }

    #[test]
    fn a_reply_always_slightly_worse_is_not_a_trap() {
        let config = TrapConfig::from_tunables(&Tunables::default());
        let root = root_with(
            &[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)],
            &[
                (1, Probe::Exact(40)),
                (2, Probe::Exact(40)),
                (3, Probe::Exact(40)),
                (4, Probe::Exact(40)),
                (5, Probe::Exact(50)),
            ],
        );
        assert!(assess_root(&root, 5, &config).expect("raw").traps.is_empty());
    }

    #[test]
    fn delay_the_loss_rewards_losses_revealed_late() {
        let tunables = Tunables { delay_loss_bonus: 40, delay_loss_threshold: 300, ..Tunables::default() };
        let config = TrapConfig::from_tunables(&tunables);
        // Lost at depth 5, but it looked fine at depths 1-3.
        let late = root_with(&[(1, 0), (2, 0), (3, 0), (4, -400), (5, -400)], &[]);
        // Lost at every depth.
        let early = root_with(&[(1, -400), (2, -400), (3, -400), (4, -400), (5, -400)], &[]);
        assert_eq!(assess_root(&late, 5, &config).expect("raw").delay_bonus, 30);
        assert_eq!(assess_root(&early, 5, &config).expect("raw").delay_bonus, 0);
        // Off by default.
        let default = TrapConfig::from_tunables(&Tunables::default());
        assert_eq!(assess_root(&late, 5, &default).expect("raw").delay_bonus, 0);
    }

    #[test]
    fn insurance_counts_extra_continuations_up_to_the_cap() {
        let tunables = Tunables { insurance_bonus: 5, ..Tunables::default() };
        let config = TrapConfig::from_tunables(&tunables);
        let mut root = root_with(&[(1, 0), (2, 0), (3, 0)], &[]);
        root.continuations[3] = Some(3);
        assert_eq!(assess_root(&root, 3, &config).expect("raw").insurance_bonus, 10);
        root.continuations[3] = Some(9);
        assert_eq!(assess_root(&root, 3, &config).expect("raw").insurance_bonus, 5 * MAX_INSURED_CONTINUATIONS);
        assert_eq!(config.max_total_bonus(), config.bonus_cap + 5 * MAX_INSURED_CONTINUATIONS);
    }
}
