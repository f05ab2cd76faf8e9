//! Who meets whom: the pairings of a tournament kind, the schedule of
//! colour-swapped game pairs that numbers every game, and the order they
//! are played in.

use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum TournamentKind {
    /// The first two entrants against each other.
    HeadToHead,
    /// The first entrant against each of the others.
    Gauntlet,
    /// Everyone against everyone.
    RoundRobin,
    /// The first `candidates` entrants each against every later entrant
    /// (the opponent pool), and against each other when `head_to_head`.
    Pool { candidates: usize, head_to_head: bool },
}

/// One game of the schedule: who plays, with which opening and colours.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ScheduledGame {
    pub index: usize,
    pub pairing: (usize, usize),
    pub opening: usize,
    /// Whether the pairing's first entrant has White.
    pub first_is_white: bool,
}

/// The pairings of a tournament kind over `entrants` players.
pub fn pairings(kind: TournamentKind, entrants: usize) -> Vec<(usize, usize)> {
    match kind {
        TournamentKind::HeadToHead => vec![(0, 1)],
        TournamentKind::Gauntlet => (1..entrants).map(|other| (0, other)).collect(),
        TournamentKind::RoundRobin => (0..entrants).flat_map(|a| (a + 1..entrants).map(move |b| (a, b))).collect(),
        TournamentKind::Pool { candidates, head_to_head } => {
            let candidates = candidates.min(entrants);
            let mut list: Vec<(usize, usize)> =
                (0..candidates).flat_map(|c| (candidates..entrants).map(move |o| (c, o))).collect();
            if head_to_head {
                list.extend((0..candidates).flat_map(|a| (a + 1..candidates).map(move |b| (a, b))));
            }
            list
        }
    }
}

/// Every pairing plays `pairs_per_pairing` pairs, one after the other;
/// games 2k and 2k+1 of a pairing are one pair, the same opening with
/// colours swapped. The same schedule comes out every time, which is what
/// makes each game reproducible from its index.
pub fn schedule_games(
    kind: TournamentKind,
    entrants: usize,
    pairs_per_pairing: usize,
    openings: usize,
) -> Vec<ScheduledGame> {
    let mut games = Vec::new();
    for pairing in pairings(kind, entrants) {
        for pair in 0..pairs_per_pairing {
            for first_is_white in [true, false] {
                games.push(ScheduledGame {
                    index: games.len(),
                    pairing,
                    opening: pair % openings.max(1),
                    first_is_white,
                });
            }
        }
    }
    games
}

/// The order games are played in: pair by pair across the pairings (pair 1
/// of every pairing, then pair 2, ...), not pairing after pairing. Two
/// players compared on the same openings then play each opening at about
/// the same time, so a change in the machine's load during a run under a
/// clock falls on both alike. The games keep their schedule indices.
pub fn play_order(mut games: Vec<ScheduledGame>, pairs_per_pairing: usize) -> Vec<ScheduledGame> {
    let games_per_pairing = 2 * pairs_per_pairing.max(1);
    games.sort_by_key(|g| ((g.index % games_per_pairing) / 2, g.index / games_per_pairing, g.index));
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_play_each_pair_across_the_pairings_before_the_next() {
        let kind = TournamentKind::Pool { candidates: 2, head_to_head: false };
        let games = schedule_games(kind, 3, 3, 10);
        let ordered = play_order(games.clone(), 3);
        let seen: Vec<(usize, (usize, usize), bool)> =
            ordered.iter().take(4).map(|g| (g.opening, g.pairing, g.first_is_white)).collect();
        assert_eq!(seen, vec![(0, (0, 2), true), (0, (0, 2), false), (0, (1, 2), true), (0, (1, 2), false)]);
        let mut indices: Vec<usize> = ordered.iter().map(|g| g.index).collect();
        indices.sort_unstable();
        assert_eq!(indices, (0..games.len()).collect::<Vec<_>>());
        assert_eq!(
            play_order(schedule_games(TournamentKind::HeadToHead, 2, 4, 10), 4),
            schedule_games(TournamentKind::HeadToHead, 2, 4, 10)
        );
    }
}
