//! Who meets whom: the pairings of a tournament kind, and the schedule of
//! colour-swapped game pairs that numbers every game.

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
