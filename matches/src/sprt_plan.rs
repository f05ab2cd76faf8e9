//! Which games an SPRT judges: one pairing of a tournament, from the side
//! of the player the test is about, whichever seat that player has in the
//! schedule.

use crate::schedule::{pairings, TournamentKind};
use crate::stats::{Pentanomial, Sample, SprtConfig};
use crate::tournament::PairingScore;
use std::collections::BTreeMap;

/// An SPRT on one pairing of the tournament.
#[derive(Clone, Debug)]
pub struct SprtPlan {
    pub config: SprtConfig,
    /// The pairing as the tournament scores it (entrant indices).
    pub pairing: (usize, usize),
    /// Whether the test takes the second entrant's side of that pairing.
    pub reversed: bool,
    /// "A vs B", the test's side first.
    pub label: String,
}

impl SprtPlan {
    /// The test on the pairing `named` (test's side first), or on the
    /// tournament's only pairing when no pairing is named. `names` are the
    /// entrants in seat order; errors are phrased for the `sprt.pairing` key.
    pub fn resolve(
        config: SprtConfig,
        named: Option<(&str, &str)>,
        kind: TournamentKind,
        names: &[&str],
    ) -> Result<SprtPlan, String> {
        let all = pairings(kind, names.len());
        let (pairing, reversed) = match named {
            Some((first, second)) => {
                let seat = |name: &str| {
                    names.iter().position(|n| *n == name).ok_or_else(|| format!("sprt.pairing: '{name}' does not play"))
                };
                let (a, b) = (seat(first)?, seat(second)?);
                if all.contains(&(a, b)) {
                    ((a, b), false)
                } else if all.contains(&(b, a)) {
                    ((b, a), true)
                } else {
                    return Err(format!("sprt.pairing: {first} and {second} do not meet in this tournament"));
                }
            }
            None if all.len() == 1 => (all[0], false),
            None => {
                return Err(format!(
                    "sprt.pairing: the tournament has {} pairings; name the one the SPRT judges, \
                     e.g. pairing = [\"{}\", \"{}\"]",
                    all.len(),
                    names[all[0].0],
                    names[all[0].1]
                ))
            }
        };
        let (first, second) = if reversed { (pairing.1, pairing.0) } else { pairing };
        Ok(SprtPlan { config, pairing, reversed, label: format!("{} vs {}", names[first], names[second]) })
    }

    /// The judged pairing's pentanomial counts, from the test's side.
    pub fn sample(&self, scores: &BTreeMap<(usize, usize), PairingScore>) -> Sample {
        let p = scores.get(&self.pairing).map(|s| s.pairs).unwrap_or_default();
        Sample::Pentanomial(if self.reversed {
            Pentanomial { ll: p.ww, ld: p.wd, dd_wl: p.dd_wl, wd: p.ld, ww: p.ll }
        } else {
            p
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::SprtModel;

    fn config() -> SprtConfig {
        SprtConfig { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, model: SprtModel::Normalized }
    }

    #[test]
    fn a_pairing_named_against_its_seats_is_reversed_and_its_counts_mirrored() {
        let names = ["a", "b", "c"];
        let plan = SprtPlan::resolve(config(), Some(("c", "a")), TournamentKind::RoundRobin, &names).expect("meets");
        assert_eq!((plan.pairing, plan.reversed, plan.label.as_str()), ((0, 2), true, "c vs a"));
        let mut scores = BTreeMap::new();
        let pairs = Pentanomial { ll: 1, ld: 2, dd_wl: 3, wd: 4, ww: 5 };
        scores.insert((0, 2), PairingScore { pairs, ..PairingScore::default() });
        let Sample::Pentanomial(seen) = plan.sample(&scores) else { panic!("pentanomial") };
        assert_eq!(seen, Pentanomial { ll: 5, ld: 4, dd_wl: 3, wd: 2, ww: 1 });
    }

    #[test]
    fn players_who_never_meet_are_refused() {
        let names = ["a", "b", "c"];
        let error = SprtPlan::resolve(config(), Some(("b", "c")), TournamentKind::Gauntlet, &names).err();
        assert!(error.is_some_and(|e| e.contains("do not meet")));
        let error = SprtPlan::resolve(config(), None, TournamentKind::Gauntlet, &names).err();
        assert!(error.is_some_and(|e| e.contains("2 pairings")));
    }
}
