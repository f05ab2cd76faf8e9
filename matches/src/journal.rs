//! The results journal: one JSON object per finished game, appended and
//! flushed as each game ends, so an interrupted run (even `kill -9`) loses
//! at most the games in progress. Resuming reads it back.

use crate::game_record::{GameResult, Termination, TrappyCounts};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// One finished game as the journal records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalEntry {
    /// The game's index in the tournament schedule.
    pub game: usize,
    pub white: String,
    pub black: String,
    pub result: GameResult,
    pub termination: Termination,
    pub plies: usize,
    /// White's and Black's trappy counters (zero for other players).
    pub trappy: [TrappyCounts; 2],
}

const TERMINATIONS: [Termination; 12] = [
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
];

fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

impl JournalEntry {
    pub fn to_json(&self) -> String {
        // Trappy counters as one string: moves, differs, traps set, traps
        // fallen into, predictions, predictions played, profit realised,
        // for White then Black.
        let trappy: Vec<String> = self
            .trappy
            .iter()
            .flat_map(|c| {
                [
                    c.moves as i64,
                    c.differs as i64,
                    c.traps_set as i64,
                    c.traps_fallen as i64,
                    c.predictions as i64,
                    c.predictions_played as i64,
                    c.profit_realised_cp,
                ]
            })
            .map(|n| n.to_string())
            .collect();
        format!(
            "{{\"game\":{},\"white\":{},\"black\":{},\"result\":{},\"termination\":{},\"plies\":{},\"trappy\":{}}}",
            self.game,
            quote(&self.white),
            quote(&self.black),
            quote(self.result.pgn()),
            quote(self.termination.name()),
            self.plies,
            quote(&trappy.join(" "))
        )
    }

    /// Parses a line this module wrote; anything else is `None`.
    pub fn from_json(line: &str) -> Option<JournalEntry> {
        let fields = flat_json_object(line)?;
        let text = |key: &str| fields.get(key).cloned();
        let result = match text("result")?.as_str() {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" => GameResult::Draw,
            _ => return None,
        };
        let termination_name = text("termination")?;
        let termination = TERMINATIONS.iter().copied().find(|t| t.name() == termination_name)?;
        Some(JournalEntry {
            game: text("game")?.parse().ok()?,
            white: text("white")?,
            black: text("black")?,
            result,
            termination,
            plies: text("plies")?.parse().ok()?,
            trappy: match text("trappy") {
                Some(counts) => parse_trappy_counts(&counts)?,
                None => Default::default(),
            },
        })
    }
}

/// Seven counters per side; journals written before the prediction
/// counters have four, read with those at zero.
fn parse_trappy_counts(text: &str) -> Option<[TrappyCounts; 2]> {
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

/// Reads `{"key":value,...}` with string and number values only (the
/// journal's own shape). Values come back as text.
fn flat_json_object(line: &str) -> Option<BTreeMap<String, String>> {
    let inner = line.trim().strip_prefix('{')?.strip_suffix('}')?;
    let mut fields = BTreeMap::new();
    let mut chars = inner.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace() || *c == ',') {
            chars.next();
        }
        if chars.peek().is_none() {
            return Some(fields);
        }
        let key = read_string(&mut chars)?;
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.next()? != ':' {
            return None;
        }
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let value = if chars.peek() == Some(&'"') {
            read_string(&mut chars)?
        } else {
            let mut number = String::new();
            while chars.peek().is_some_and(|c| c.is_ascii_digit() || "-+.eE".contains(*c)) {
                number.extend(chars.next());
            }
            if number.is_empty() {
                return None;
            }
            number
        };
        fields.insert(key, value);
    }
}

fn read_string(chars: &mut std::iter::Peekable<std::str::Chars>) -> Option<String> {
    if chars.next()? != '"' {
        return None;
    }
    let mut text = String::new();
    loop {
        match chars.next()? {
            '"' => return Some(text),
            '\\' => text.push(chars.next()?),
            c => text.push(c),
        }
    }
}

/// Appends entries to the journal file, one flushed line each.
pub struct JournalWriter {
    file: File,
    path: PathBuf,
}

impl JournalWriter {
    /// Opens for appending. A torn last line (a kill mid-write) is cut
    /// off first, so new entries start on a line of their own.
    pub fn open(path: &Path) -> Result<JournalWriter, String> {
        let fail = |e: std::io::Error| format!("cannot open journal {}: {e}", path.display());
        if let Ok(existing) = std::fs::read(path) {
            if existing.last().is_some_and(|&byte| byte != b'\n') {
                let keep = existing.iter().rposition(|&byte| byte == b'\n').map_or(0, |at| at + 1);
                OpenOptions::new().write(true).open(path).and_then(|f| f.set_len(keep as u64)).map_err(fail)?;
            }
        }
        let file = OpenOptions::new().create(true).append(true).open(path).map_err(fail)?;
        Ok(JournalWriter { file, path: path.to_path_buf() })
    }

    pub fn append(&mut self, entry: &JournalEntry) -> Result<(), String> {
        writeln!(self.file, "{}", entry.to_json())
            .and_then(|_| self.file.sync_data())
            .map_err(|e| format!("cannot write journal {}: {e}", self.path.display()))
    }
}

/// Reads a journal for resuming. A torn last line (the process was killed
/// mid-write) is ignored; a later duplicate of a game replaces nothing.
pub fn read_journal(path: &Path) -> Result<Vec<JournalEntry>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(vec![]),
        Err(e) => return Err(format!("cannot read journal {}: {e}", path.display())),
    };
    let mut seen = std::collections::BTreeSet::new();
    let mut entries = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    for (index, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match JournalEntry::from_json(line) {
            Some(entry) => {
                if seen.insert(entry.game) {
                    entries.push(entry);
                }
            }
            None if index + 1 == lines.len() => {}
            None => return Err(format!("journal {} line {} is not a journal entry", path.display(), index + 1)),
        }
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_torn_lines_are_skipped() {
        let entry = JournalEntry {
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
        };
        assert_eq!(JournalEntry::from_json(&entry.to_json()), Some(entry.clone()));
        // Four counters a side, as journals before the prediction counters.
        let four = r#"{"game":3,"white":"a","black":"b","result":"1-0","termination":"checkmate","plies":9,"trappy":"40 3 5 1 0 0 0 0"}"#;
        let counts = JournalEntry::from_json(four).map(|e| e.trappy[0]);
        assert_eq!(
            counts,
            Some(TrappyCounts { moves: 40, differs: 3, traps_set: 5, traps_fallen: 1, ..Default::default() })
        );
        let negative_count = four.replace("40 3", "-40 3");
        assert_eq!(JournalEntry::from_json(&negative_count), None);
        // Lines from before the trappy counters still read, with zeros.
        let old = r#"{"game":3,"white":"a","black":"b","result":"1-0","termination":"checkmate","plies":9}"#;
        assert_eq!(JournalEntry::from_json(old).map(|e| e.trappy), Some([TrappyCounts::default(); 2]));
        let path = std::env::temp_dir().join(format!("trappy-journal-{}.jsonl", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let mut writer = JournalWriter::open(&path).expect("open");
        writer.append(&entry).expect("write");
        writer.append(&JournalEntry { game: 18, ..entry.clone() }).expect("write");
        writer.append(&entry).expect("duplicate");
        drop(writer);
        let mut text = std::fs::read_to_string(&path).expect("read");
        text.push_str("{\"game\":19,\"white\":\"tr");
        std::fs::write(&path, text).expect("write torn");
        let entries = read_journal(&path).expect("readable");
        assert_eq!(entries.iter().map(|e| e.game).collect::<Vec<_>>(), vec![17, 18]);
        std::fs::write(&path, "garbage\n{}\n").expect("write");
        assert!(read_journal(&path).is_err());
        let _ = std::fs::remove_file(&path);
    }
}
