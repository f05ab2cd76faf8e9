//! Scores from a journal alone, without the config that made it: what
//! `tuner report` and an interrupted run print. A tournament's schedule
//! numbers the games of each pairing in colour-swapped pairs (2k, 2k+1),
//! the pairing's first entrant having White in the even game, so the
//! journal's game indices are enough to rebuild the pairs.

use crate::journal::JournalEntry;
use crate::tournament::{score_pairings, PairingScore, ScheduledGame};
use std::collections::BTreeMap;

/// The players in order of first appearance, and the scores of every
/// pairing from its first entrant's side.
pub fn score_journal(entries: &[JournalEntry]) -> (Vec<String>, BTreeMap<(usize, usize), PairingScore>) {
    let mut sorted: Vec<&JournalEntry> = entries.iter().collect();
    sorted.sort_by_key(|entry| entry.game);
    let mut names: Vec<String> = Vec::new();
    let mut seat = |name: &str| match names.iter().position(|known| known == name) {
        Some(index) => index,
        None => {
            names.push(name.to_string());
            names.len() - 1
        }
    };
    let size = sorted.last().map_or(0, |entry| entry.game + 1);
    let mut games: Vec<ScheduledGame> =
        (0..size).map(|index| ScheduledGame { index, pairing: (0, 0), opening: 0, first_is_white: true }).collect();
    for entry in &sorted {
        let first_is_white = entry.game % 2 == 0;
        let (first, second) = if first_is_white { (&entry.white, &entry.black) } else { (&entry.black, &entry.white) };
        games[entry.game] = ScheduledGame {
            index: entry.game,
            pairing: (seat(first), seat(second)),
            opening: entry.game / 2,
            first_is_white,
        };
    }
    let scores = score_pairings(&games, entries);
    (names, scores)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_record::{GameResult, Termination};

    fn entry(game: usize, white: &str, black: &str, result: GameResult) -> JournalEntry {
        JournalEntry {
            game,
            white: white.into(),
            black: black.into(),
            result,
            termination: Termination::Checkmate,
            plies: 40,
            trappy: Default::default(),
        }
    }

    #[test]
    fn pairs_and_pairings_come_back_from_the_indices() {
        use GameResult::*;
        let entries = [
            entry(0, "a", "b", WhiteWins),
            entry(1, "b", "a", WhiteWins),
            entry(2, "a", "b", Draw),
            entry(3, "b", "a", BlackWins),
            entry(4, "a", "c", BlackWins),
            // Game 5 (its partner) is missing: a game, but no pair yet.
        ];
        let (names, scores) = score_journal(&entries);
        assert_eq!(names, ["a", "b", "c"]);
        let ab = &scores[&(0, 1)];
        assert_eq!((ab.games.wins, ab.games.draws, ab.games.losses), (2, 1, 1));
        assert_eq!((ab.pairs.dd_wl, ab.pairs.wd), (1, 1));
        let ac = &scores[&(0, 2)];
        assert_eq!((ac.games.wins, ac.games.losses), (0, 1));
        assert_eq!(ac.pairs.ll + ac.pairs.ld + ac.pairs.dd_wl + ac.pairs.wd + ac.pairs.ww, 0);
    }
}
