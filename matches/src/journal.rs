//! The results journal: one JSON object per finished game, appended and
//! flushed as each game ends, so an interrupted run (even `kill -9`) loses
//! at most the games in progress. Resuming reads it back. Its first line
//! names the tournament (`{"layout": {...}}`), so a report of the journal
//! alone pairs the games as the run did.

use crate::game_record::{GameResult, Termination, TrappyCounts};
use crate::schedule::{schedule_games, ScheduledGame, TournamentKind};
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// One finished game as the journal records it: one JSON object a line,
/// e.g. `{"game":17,"white":"trappy","black":"plain","result":"0-1",
/// "termination":"checkmate","plies":83,"trappy":{"white":{...},"black":{...}}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalEntry {
    /// The game's index in the tournament schedule.
    pub game: usize,
    pub white: String,
    pub black: String,
    pub result: GameResult,
    pub termination: Termination,
    pub plies: usize,
    /// White's and Black's trappy counters (zero for other players).
    #[serde(default, with = "trappy_counters")]
    pub trappy: [TrappyCounts; 2],
}

/// The trappy counters as `{"white": {...}, "black": {...}}` with named
/// fields. Journals written before serde_json carry them as one string of
/// numbers (four or seven a side); those are still read.
mod trappy_counters {
    use crate::game_record::TrappyCounts;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct BySide {
        white: TrappyCounts,
        black: TrappyCounts,
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Stored {
        Named(BySide),
        Numbers(String),
    }

    pub fn serialize<S: Serializer>(counts: &[TrappyCounts; 2], serializer: S) -> Result<S::Ok, S::Error> {
        BySide { white: counts[0], black: counts[1] }.serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<[TrappyCounts; 2], D::Error> {
        match Stored::deserialize(deserializer)? {
            Stored::Named(sides) => Ok([sides.white, sides.black]),
            Stored::Numbers(text) => parse_numbers(&text)
                .ok_or_else(|| serde::de::Error::custom(format!("trappy counters \"{text}\" are not 8 or 14 counts"))),
        }
    }

    /// Seven counters per side in the order of `TrappyCounts`; the oldest
    /// journals have the first four, read with the others at zero.
    fn parse_numbers(text: &str) -> Option<[TrappyCounts; 2]> {
        let numbers: Vec<i64> = text.split_whitespace().map(|n| n.parse().ok()).collect::<Option<_>>()?;
        let per_side = match numbers.len() {
            8 => 4,
            14 => 7,
            _ => return None,
        };
        let count = |n: i64| u64::try_from(n).ok();
        let side = |n: &[i64]| -> Option<TrappyCounts> {
            let extra = |i: usize| n.get(i).copied().unwrap_or(0);
            Some(TrappyCounts {
                moves: count(n[0])?,
                differs: count(n[1])?,
                traps_set: count(n[2])?,
                traps_fallen: count(n[3])?,
                predictions: count(extra(4))?,
                predictions_played: count(extra(5))?,
                profit_realised_cp: extra(6),
            })
        };
        Some([side(&numbers[..per_side])?, side(&numbers[per_side..])?])
    }
}

impl JournalEntry {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a journal entry has only strings, numbers and maps")
    }

    /// Parses one journal line; the reason when it is not an entry.
    pub fn from_json(line: &str) -> Result<JournalEntry, String> {
        serde_json::from_str(line).map_err(|e| e.to_string())
    }
}

/// The tournament a journal's games belong to: the players in entrant
/// order, the kind, and the sizes that number its games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JournalLayout {
    pub event: String,
    pub players: Vec<String>,
    pub kind: TournamentKind,
    pub pairs_per_pairing: usize,
    /// How many openings the schedule cycles through.
    pub openings: usize,
}

/// The layout's line: `{"layout": {...}}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LayoutLine {
    layout: JournalLayout,
}

impl JournalLayout {
    pub fn schedule(&self) -> Vec<ScheduledGame> {
        schedule_games(self.kind, self.players.len(), self.pairs_per_pairing, self.openings)
    }

    fn to_line(&self) -> String {
        serde_json::to_string(&LayoutLine { layout: self.clone() }).expect("a layout has only strings and numbers")
    }

    fn from_line(line: &str) -> Option<JournalLayout> {
        serde_json::from_str::<LayoutLine>(line).ok().map(|l| l.layout)
    }
}

static WRITES: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Held while a finished game is written (journal line, then PGN). An
/// interrupt handler takes it and never gives it back before the process
/// exits, so an interrupted run stops between two games' writes, never in
/// the middle of one.
pub fn hold_writes() -> std::sync::MutexGuard<'static, ()> {
    WRITES.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Appends entries to the journal file, one flushed line each.
pub struct JournalWriter {
    file: File,
    path: PathBuf,
}

impl JournalWriter {
    /// Opens for appending. A torn last line (a kill mid-write) is cut
    /// off first, so new entries start on a line of their own. The first
    /// line becomes `layout`'s (a journal resumed with more pairs, or one
    /// written before journals had a layout, gets the one in force).
    pub fn open(path: &Path, layout: &JournalLayout) -> Result<JournalWriter, String> {
        let fail = |e: std::io::Error| format!("cannot open journal {}: {e}", path.display());
        let existing = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => vec![],
            Err(e) => return Err(fail(e)),
        };
        let whole = existing.iter().rposition(|&byte| byte == b'\n').map_or(0, |at| at + 1);
        let text = String::from_utf8_lossy(&existing[..whole]);
        let header = layout.to_line();
        if text.lines().next() != Some(header.as_str()) {
            let games = text.lines().filter(|line| JournalLayout::from_line(line).is_none());
            replace_journal(path, std::iter::once(header.as_str()).chain(games))?;
        } else if whole < existing.len() {
            OpenOptions::new().write(true).open(path).and_then(|f| f.set_len(whole as u64)).map_err(fail)?;
        }
        let file = OpenOptions::new().create(true).append(true).open(path).map_err(fail)?;
        Ok(JournalWriter { file, path: path.to_path_buf() })
    }

    pub fn append(&mut self, entry: &JournalEntry) -> Result<(), String> {
        // One write per line, so a kill leaves at most one torn last line.
        let line = entry.to_json() + "\n";
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.sync_data())
            .map_err(|e| format!("cannot write journal {}: {e}", self.path.display()))
    }
}

/// Renumbers a journal written with other pairs per pairing for `layout`,
/// before it is read for resuming: a game keeps its pairing, its pair and
/// its colours, so a run resumed with more pairs keeps every game it had
/// and plays only the new pairs. Resuming with fewer pairs than games were
/// played of is refused, since those games would be lost. Nothing changes
/// when the journal is missing, has no layout, or already has `layout`'s
/// pairs.
pub fn renumber_for(path: &Path, layout: &JournalLayout) -> Result<(), String> {
    let (old, entries) = read_journal_with_layout(path)?;
    let Some(old) = old.filter(|old| old.pairs_per_pairing != layout.pairs_per_pairing) else { return Ok(()) };
    if old.players != layout.players || old.kind != layout.kind {
        return Ok(());
    }
    let (old_games, new_games) = (2 * old.pairs_per_pairing.max(1), 2 * layout.pairs_per_pairing.max(1));
    let mut lines = vec![layout.to_line()];
    for mut entry in entries {
        let (pairing, within) = (entry.game / old_games, entry.game % old_games);
        if within >= new_games {
            return Err(format!(
                "journal {} holds {} pairs per pairing; resume it with at least that many (--pairs)",
                path.display(),
                old.pairs_per_pairing
            ));
        }
        entry.game = pairing * new_games + within;
        lines.push(entry.to_json());
    }
    replace_journal(path, lines.iter().map(String::as_str))
}

/// Replaces the journal with `lines`, written beside it and renamed over,
/// so a kill during the rewrite loses nothing.
fn replace_journal<'a>(path: &Path, lines: impl Iterator<Item = &'a str>) -> Result<(), String> {
    let text: String = lines.map(|line| format!("{line}\n")).collect();
    let fresh = path.with_extension("jsonl.new");
    std::fs::write(&fresh, text)
        .and_then(|_| std::fs::rename(&fresh, path))
        .map_err(|e| format!("cannot rewrite journal {}: {e}", path.display()))
}

/// Reads a journal's games for resuming. A torn last line (the process
/// was killed mid-write) is ignored; a later duplicate of a game replaces
/// nothing.
pub fn read_journal(path: &Path) -> Result<Vec<JournalEntry>, String> {
    read_journal_with_layout(path).map(|(_, entries)| entries)
}

/// The journal's layout (`None` for a journal written before journals had
/// one) and its games.
pub fn read_journal_with_layout(path: &Path) -> Result<(Option<JournalLayout>, Vec<JournalEntry>), String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((None, vec![])),
        Err(e) => return Err(format!("cannot read journal {}: {e}", path.display())),
    };
    let layout = text.lines().next().and_then(JournalLayout::from_line);
    let mut seen = std::collections::BTreeSet::new();
    let mut entries = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    for (index, line) in lines.iter().enumerate() {
        if line.trim().is_empty() || (index == 0 && layout.is_some()) {
            continue;
        }
        match JournalEntry::from_json(line) {
            Ok(entry) => {
                if seen.insert(entry.game) {
                    entries.push(entry);
                }
            }
            Err(_) if index + 1 == lines.len() && !text.ends_with('\n') => {}
            Err(why) => {
                return Err(format!("journal {} line {} is not a journal entry: {why}", path.display(), index + 1))
            }
        }
    }
    Ok((layout, entries))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's entry with every field away from its default.
    fn sample_entry() -> JournalEntry {
        JournalEntry {
            game: 17,
            white: "trappy \"default\"".into(),
            black: "plain\\x".into(),
            result: GameResult::BlackWins,
            termination: Termination::TimeForfeit,
            plies: 83,
            trappy: [
                TrappyCounts {
                    moves: 40,
                    differs: 3,
                    traps_set: 5,
                    traps_fallen: 1,
                    predictions: 38,
                    predictions_played: 20,
                    profit_realised_cp: -35,
                },
                TrappyCounts::default(),
            ],
        }
    }

    /// A head-to-head journal's layout, its names awkward for JSON.
    fn sample_layout() -> JournalLayout {
        JournalLayout {
            event: "e".into(),
            players: vec!["trappy \"default\"".into(), "plain\\x".into()],
            kind: TournamentKind::HeadToHead,
            pairs_per_pairing: 10,
            openings: 10,
        }
    }

    #[test]
    fn entries_round_trip_as_json_and_older_lines_still_read() {
        let entry = sample_entry();
        assert_eq!(JournalEntry::from_json(&entry.to_json()), Ok(entry.clone()));
        // A name with a tab, a quote and a non-ASCII letter is still JSON
        // that any reader accepts, with the counters named.
        let awkward = JournalEntry { white: "tab\there \"q\" é".into(), ..entry.clone() };
        let value: serde_json::Value = serde_json::from_str(&awkward.to_json()).expect("valid JSON");
        assert_eq!(value["white"], "tab\there \"q\" é");
        assert_eq!(value["termination"], "time forfeit");
        assert_eq!(value["result"], "0-1");
        assert_eq!(value["trappy"]["white"]["traps_fallen"], 1);
        assert_eq!(value["trappy"]["white"]["profit_realised_cp"], -35);
        assert_eq!(value["trappy"]["black"]["moves"], 0);
        // Every termination is written under its report name and read back.
        for termination in [
            Termination::Checkmate,
            Termination::Stalemate,
            Termination::ThreefoldRepetition,
            Termination::FiftyMoveRule,
            Termination::InsufficientMaterial,
            Termination::ResignAdjudication,
            Termination::DrawAdjudication,
            Termination::MaxMoves,
            Termination::TimeForfeit,
            Termination::IllegalMove,
            Termination::Crash,
            Termination::Stall,
        ] {
            let written = JournalEntry { termination, ..entry.clone() };
            let value: serde_json::Value = serde_json::from_str(&written.to_json()).expect("valid JSON");
            assert_eq!(value["termination"], termination.name());
            assert_eq!(JournalEntry::from_json(&written.to_json()), Ok(written));
        }
        // Journals before serde_json: counters as one string, four or
        // seven a side.
        let four = r#"{"game":3,"white":"a","black":"b","result":"1-0","termination":"checkmate","plies":9,"trappy":"40 3 5 1 0 0 0 0"}"#;
        let counts = JournalEntry::from_json(four).map(|e| e.trappy[0]);
        assert_eq!(
            counts,
            Ok(TrappyCounts { moves: 40, differs: 3, traps_set: 5, traps_fallen: 1, ..Default::default() })
        );
        let seven = four.replace("40 3 5 1 0 0 0 0", "40 3 5 1 9 7 -20 0 0 0 0 0 0 0");
        assert_eq!(JournalEntry::from_json(&seven).map(|e| e.trappy[0].profit_realised_cp), Ok(-20));
        let negative_count = four.replace("40 3", "-40 3");
        assert!(JournalEntry::from_json(&negative_count).is_err());
        let unknown_termination = four.replace("checkmate", "boredom");
        assert!(JournalEntry::from_json(&unknown_termination).is_err_and(|why| why.contains("boredom")));
        // Lines from before the trappy counters still read, with zeros.
        let old = r#"{"game":3,"white":"a","black":"b","result":"1-0","termination":"checkmate","plies":9}"#;
        assert_eq!(JournalEntry::from_json(old).map(|e| e.trappy), Ok([TrappyCounts::default(); 2]));
    }

    #[test]
    fn torn_lines_are_skipped_and_a_resume_keeps_the_games() {
        let entry = sample_entry();
        let path = std::env::temp_dir().join(format!("trappy-journal-{}.jsonl", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let layout = sample_layout();
        let mut writer = JournalWriter::open(&path, &layout).expect("open");
        writer.append(&entry).expect("write");
        writer.append(&JournalEntry { game: 18, ..entry.clone() }).expect("write");
        writer.append(&entry).expect("duplicate");
        drop(writer);
        let mut text = std::fs::read_to_string(&path).expect("read");
        text.push_str("{\"game\":19,\"white\":\"tr");
        std::fs::write(&path, text).expect("write torn");
        let entries = read_journal(&path).expect("readable");
        assert_eq!(entries.iter().map(|e| e.game).collect::<Vec<_>>(), vec![17, 18]);
        // Resumed with more pairs: the torn line goes, the layout is the
        // new one, the games stay.
        let more = JournalLayout { pairs_per_pairing: 20, ..layout.clone() };
        drop(JournalWriter::open(&path, &more).expect("reopen"));
        let (read_layout, entries) = read_journal_with_layout(&path).expect("readable");
        assert_eq!(read_layout, Some(more.clone()));
        assert_eq!(entries.iter().map(|e| e.game).collect::<Vec<_>>(), vec![17, 18]);
        let text = std::fs::read_to_string(&path).expect("read");
        assert_eq!(text.lines().count(), 4, "{text}");
        assert!(text.ends_with('\n'));
        // A journal from before layouts reads with none, and gets one.
        std::fs::write(&path, text.lines().skip(1).map(|l| format!("{l}\n")).collect::<String>()).expect("write");
        assert_eq!(read_journal_with_layout(&path).map(|(l, e)| (l, e.len())), Ok((None, 2)));
        drop(JournalWriter::open(&path, &layout).expect("reopen"));
        assert_eq!(read_journal_with_layout(&path).map(|(l, e)| (l, e.len())), Ok((Some(layout), 2)));
        std::fs::write(&path, "garbage\n{}\n").expect("write");
        assert!(read_journal(&path).is_err());
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_pool_journal_renumbered_for_more_pairs_keeps_each_games_place() {
        let entry = sample_entry();
        let layout = sample_layout();
        let path = std::env::temp_dir().join(format!("trappy-journal-pool-{}.jsonl", std::process::id()));
        // Renumbered for more pairs before it is read, a game keeps its
        // pairing, pair and colours.
        let pool = JournalLayout {
            kind: TournamentKind::Pool { candidates: 2, head_to_head: false },
            players: vec!["a".into(), "b".into(), "o".into()],
            ..layout.clone()
        };
        let pool_path = path.with_extension("pool.jsonl");
        let _ = std::fs::remove_file(&pool_path);
        let mut writer = JournalWriter::open(&pool_path, &pool).expect("open");
        // Ten pairs a pairing: 20 and 21 are the second pairing's first pair, 39 its last game.
        for game in [0, 1, 19, 20, 21, 39] {
            writer.append(&JournalEntry { game, ..entry.clone() }).expect("write");
        }
        drop(writer);
        let grown = JournalLayout { pairs_per_pairing: 15, ..pool.clone() };
        renumber_for(&pool_path, &grown).expect("renumbered");
        let (read_layout, entries) = read_journal_with_layout(&pool_path).expect("readable");
        assert_eq!(read_layout, Some(grown.clone()));
        assert_eq!(entries.iter().map(|e| e.game).collect::<Vec<_>>(), vec![0, 1, 19, 30, 31, 49]);
        renumber_for(&pool_path, &grown).expect("nothing to do");
        assert_eq!(read_journal(&pool_path).expect("readable").len(), 6);
        let error = renumber_for(&pool_path, &JournalLayout { pairs_per_pairing: 5, ..pool }).expect_err("fewer");
        assert!(error.contains("at least"), "{error}");
        let _ = std::fs::remove_file(&pool_path);
    }
}
