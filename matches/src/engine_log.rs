//! The engine communication log (`--log FILE`, cutechess's `-debug` to a
//! file): every line sent to and received from each external engine, and
//! what it writes to stderr, with a UTC timestamp and the engine's name and
//! process id. One file for all engines and workers, one whole line per
//! write, so lines from different engines never mix.

use crate::calendar::timestamp;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// Which way a line went.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Sent to the engine.
    ToEngine,
    /// Read from the engine's stdout.
    FromEngine,
    /// Read from the engine's stderr.
    Stderr,
}

impl Direction {
    fn mark(self) -> &'static str {
        match self {
            Direction::ToEngine => ">",
            Direction::FromEngine => "<",
            Direction::Stderr => "!",
        }
    }
}

#[derive(Clone)]
pub struct EngineLog {
    path: PathBuf,
    file: Arc<Mutex<File>>,
}

impl EngineLog {
    /// Opens `path` for appending (a resumed run adds to its log).
    pub fn open(path: &Path) -> Result<EngineLog, String> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot open engine log {}: {e}", path.display()))?;
        Ok(EngineLog { path: path.to_path_buf(), file: Arc::new(Mutex::new(file)) })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `2026-11-23T11:32:11.123 UTC stockfish(4242) < uciok`. A failed
    /// write is dropped: the log must never stop a game.
    pub fn record(&self, engine: &str, pid: u32, direction: Direction, text: &str) {
        let line = format!("{} {engine}({pid}) {} {text}\n", timestamp(SystemTime::now()), direction.mark());
        if let Ok(mut file) = self.file.lock() {
            let _ = file.write_all(line.as_bytes());
        }
    }
}

impl PartialEq for EngineLog {
    fn eq(&self, other: &EngineLog) -> bool {
        self.path == other.path
    }
}

impl Eq for EngineLog {}

impl std::fmt::Debug for EngineLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "EngineLog({})", self.path.display())
    }
}
