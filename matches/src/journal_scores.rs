//! Scores from a journal alone, without the config that made it: what
//! `tuner report`, a finished and an interrupted run print. The journal's
//! layout line rebuilds the schedule; for a journal written before it had
//! one, the schedule is rebuilt from the game indices (each pairing's
//! games come in colour-swapped pairs 2k, 2k+1, the pairing's first
//! entrant having White in the even game), as a round robin.

use crate::journal::{JournalEntry, JournalLayout};
use crate::stats::{estimate, Sample};
use crate::tournament::{score_pairings, PairingScore, ScheduledGame, Scoreboard, TournamentKind};
use std::collections::BTreeMap;

/// The schedule a journal's games were played from.
pub struct JournalSchedule {
    /// The event, when the journal names it.
    pub event: Option<String>,
    /// The players in entrant order (by first appearance without a layout).
    pub names: Vec<String>,
    pub kind: TournamentKind,
    pub games: Vec<ScheduledGame>,
}

impl JournalSchedule {
    pub fn new(layout: Option<&JournalLayout>, entries: &[JournalEntry]) -> JournalSchedule {
        match layout {
            Some(layout) => JournalSchedule {
                event: Some(layout.event.clone()),
                names: layout.players.clone(),
                kind: layout.kind,
                games: layout.schedule(),
            },
            None => {
                let (names, games) = rebuild_schedule(entries);
                JournalSchedule { event: None, names, kind: TournamentKind::RoundRobin, games }
            }
        }
    }

    /// Every pairing's score from its first entrant's side.
    pub fn scores(&self, entries: &[JournalEntry]) -> BTreeMap<(usize, usize), PairingScore> {
        score_pairings(&self.games, entries)
    }
}

/// One point of a pairing's running Elo.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RunningElo {
    /// Games of the pairing finished so far.
    pub games: u64,
    pub elo: f64,
    /// The 95 % interval.
    pub low: f64,
    pub high: f64,
}

/// Each pairing's running Elo, by pairing.
pub type EloCurves = BTreeMap<(usize, usize), Vec<RunningElo>>;

/// Each pairing's Elo (from the pentanomial counts, 95 % interval) after
/// every game of it, in the order the games finished (the journal's).
/// Points where the Elo is not yet defined (no pair, or all pairs equal)
/// are left out.
pub fn running_elo(schedule: &JournalSchedule, entries: &[JournalEntry]) -> EloCurves {
    let games = &schedule.games;
    let mut board = Scoreboard::default();
    let mut curves = EloCurves::new();
    for entry in entries {
        let Some(pairing) = games.get(entry.game).map(|g| g.pairing) else { continue };
        board.add(games, entry.clone());
        let Some(score) = board.scores.get(&pairing) else { continue };
        let played = score.games.wins + score.games.draws + score.games.losses;
        let estimate = estimate(&Sample::Pentanomial(score.pairs))
            .filter(|e| e.elo.is_finite() && e.elo_error.is_finite() && e.elo_error > 0.0);
        if let Some(e) = estimate {
            let point = RunningElo { games: played, elo: e.elo, low: e.elo - e.elo_error, high: e.elo + e.elo_error };
            curves.entry(pairing).or_default().push(point);
        }
    }
    curves
}

fn rebuild_schedule(entries: &[JournalEntry]) -> (Vec<String>, Vec<ScheduledGame>) {
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
    (names, games)
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
        let schedule = JournalSchedule::new(None, &entries);
        assert_eq!(schedule.names, ["a", "b", "c"]);
        let scores = schedule.scores(&entries);
        let ab = &scores[&(0, 1)];
        assert_eq!((ab.games.wins, ab.games.draws, ab.games.losses), (2, 1, 1));
        assert_eq!((ab.pairs.dd_wl, ab.pairs.wd), (1, 1));
        let ac = &scores[&(0, 2)];
        assert_eq!((ac.games.wins, ac.games.losses), (0, 1));
        assert_eq!(ac.pairs.ll + ac.pairs.ld + ac.pairs.dd_wl + ac.pairs.wd + ac.pairs.ww, 0);
    }

    #[test]
    fn the_running_elo_follows_the_pairs_as_they_complete() {
        use GameResult::*;
        let mut entries = Vec::new();
        // Pairs won, drawn, won, lost by "a", three times over.
        let pattern = [(WhiteWins, BlackWins), (Draw, Draw), (WhiteWins, BlackWins), (BlackWins, WhiteWins)];
        for (pair, results) in pattern.iter().cycle().take(12).enumerate() {
            entries.push(entry(2 * pair, "a", "b", results.0));
            entries.push(entry(2 * pair + 1, "b", "a", results.1));
        }
        let schedule = JournalSchedule::new(None, &entries);
        assert_eq!(schedule.names, ["a", "b"]);
        let curves = running_elo(&schedule, &entries);
        let curve = &curves[&(0, 1)];
        // Undefined at first (a 95 % interval past a 100 % score), then one
        // point per game, up to the last.
        assert!(curve.len() > 4 && curve.len() < 24, "{curve:?}");
        assert!(curve.windows(2).all(|w| w[1].games == w[0].games + 1));
        assert_eq!(curve.last().map(|p| p.games), Some(24));
        let last = curve.last().expect("a point");
        let scores = schedule.scores(&entries);
        let e = estimate(&Sample::Pentanomial(scores[&(0, 1)].pairs)).expect("estimate");
        assert!((last.elo - e.elo).abs() < 1e-9 && (last.high - last.low - 2.0 * e.elo_error).abs() < 1e-9);
        assert!(last.low < last.elo && last.elo < last.high);
    }
}
