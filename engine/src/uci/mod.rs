//! The UCI protocol. The main thread reads commands; each `go` runs on a
//! worker thread that owns the searcher until it answers `bestmove`, so
//! `stop` and `isready` are answered during a search. Every malformed line
//! gets `info string error: ...` and changes nothing.

mod go;
mod options;
mod position;

pub use options::{apply_option, option_lines, split_setoption, DEFAULT_HASH_MB};

use crate::eval::evaluate;
use crate::search::score::uci_score;
use crate::search::SearchReport;
use crate::trappy_engine::TrappyEngine;
use crate::tunables::Tunables;
use movegen::Board;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, line: &str) {
    // A closed output (the GUI went away) is not worth a panic.
    if let Ok(mut writer) = out.lock() {
        let _ = writeln!(writer, "{line}");
        let _ = writer.flush();
    }
}

pub fn info_line(report: &SearchReport) -> String {
    let pv: Vec<String> = report.pv.iter().map(|mv| mv.to_string()).collect();
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {} pv {}",
        report.depth,
        report.seldepth,
        uci_score(report.score),
        report.nodes,
        report.nps(),
        report.time_ms,
        report.hashfull,
        pv.join(" ")
    )
}

pub struct UciSession {
    out: Output,
    board: Board,
    game_keys: Vec<u64>,
    /// `None` while a search thread holds the searcher.
    searcher: Option<TrappyEngine>,
    search_thread: Option<JoinHandle<TrappyEngine>>,
    stop: Arc<AtomicBool>,
    /// True from `go` until just before `bestmove` is printed; after that
    /// the thread is finishing and may be joined without stopping it.
    searching: Arc<AtomicBool>,
    /// The tunables the session started with (an options file's values),
    /// shown as the defaults of the `uci` option list.
    start_tunables: Tunables,
}

impl UciSession {
    pub fn new(output: Box<dyn Write + Send>) -> UciSession {
        UciSession::with_tunables(output, Tunables::default())
    }

    /// A session whose searcher starts from `tunables` instead of the
    /// table's defaults (`trappy --options FILE`).
    pub fn with_tunables(output: Box<dyn Write + Send>, tunables: Tunables) -> UciSession {
        let searcher = TrappyEngine::new(DEFAULT_HASH_MB, tunables.clone());
        let stop = searcher.stop_flag();
        UciSession {
            out: Arc::new(Mutex::new(output)),
            board: Board::startpos(),
            game_keys: Vec::new(),
            searcher: Some(searcher),
            search_thread: None,
            stop,
            searching: Arc::new(AtomicBool::new(false)),
            start_tunables: tunables,
        }
    }

    fn error(&self, message: &str) {
        say(&self.out, &format!("info string error: {message}"));
    }

    /// Waits for a running search to finish and takes the searcher back.
    fn join_search(&mut self) {
        if let Some(handle) = self.search_thread.take() {
            match handle.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => {
                    self.error("the search thread failed; starting a fresh searcher");
                    let searcher = TrappyEngine::new(DEFAULT_HASH_MB, self.start_tunables.clone());
                    self.stop = searcher.stop_flag();
                    self.searcher = Some(searcher);
                }
            }
        }
    }

    fn stop_search(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.join_search();
    }

    /// The searcher, stopping any search first (commands that change state
    /// must not race a search).
    fn idle_searcher(&mut self) -> &mut TrappyEngine {
        if self.searching.load(Ordering::SeqCst) {
            self.error("command received while searching; stopping the search first");
            self.stop_search();
        }
        self.join_search();
        let start = self.start_tunables.clone();
        self.searcher.get_or_insert_with(|| TrappyEngine::new(DEFAULT_HASH_MB, start))
    }

    /// Handles one line; returns false after `quit`.
    pub fn handle_line(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = tokens.split_first() else {
            return true;
        };
        match command {
            "uci" => {
                say(&self.out, &format!("id name trappy {}", env!("CARGO_PKG_VERSION")));
                say(&self.out, "id author the trappy developers");
                for option in option_lines(&self.start_tunables) {
                    say(&self.out, &option);
                }
                say(&self.out, "uciok");
            }
            "isready" => say(&self.out, "readyok"),
            "ucinewgame" => {
                self.idle_searcher().new_game();
                self.board = Board::startpos();
                self.game_keys.clear();
            }
            "position" => match position::parse_position(args) {
                Ok(parsed) => {
                    self.idle_searcher();
                    self.board = parsed.board;
                    self.game_keys = parsed.game_keys;
                }
                Err(message) => self.error(&format!("position: {message}; keeping the previous position")),
            },
            "setoption" => match split_setoption(args) {
                Ok((name, value)) => {
                    if let Err(message) = apply_option(self.idle_searcher(), &name, value.as_deref()) {
                        self.error(&message);
                    }
                }
                Err(message) => self.error(&message),
            },
            "go" => self.go(args),
            "stop" => self.stop_search(),
            "ponderhit" => self.stop_search(),
            "quit" => {
                self.stop_search();
                return false;
            }
            "d" => say(&self.out, &format!("info string fen {} key {:016x}", self.board.to_fen(), self.board.hash())),
            "eval" => {
                let tunables = self.idle_searcher().tunables().clone();
                let score = evaluate(&self.board, &tunables);
                say(&self.out, &format!("info string eval cp {score} (side to move)"));
            }
            "debug" | "register" => {}
            other => self.error(&format!("unknown command '{other}'")),
        }
        true
    }

    fn go(&mut self, args: &[&str]) {
        if self.searching.load(Ordering::SeqCst) {
            self.error("go received while already searching; ignored");
            return;
        }
        self.join_search();
        let parsed = go::parse_go(args, self.board.side_to_move());
        for message in &parsed.errors {
            self.error(&format!("go: {message}"));
        }
        let start = self.start_tunables.clone();
        let mut searcher = self.searcher.take().unwrap_or_else(|| TrappyEngine::new(DEFAULT_HASH_MB, start));
        self.stop = searcher.stop_flag();
        self.stop.store(false, Ordering::SeqCst);
        self.searching.store(true, Ordering::SeqCst);
        let searching = Arc::clone(&self.searching);
        let (out, board, keys, stop, limits) =
            (Arc::clone(&self.out), self.board.clone(), self.game_keys.clone(), Arc::clone(&self.stop), parsed.limits);
        self.search_thread = Some(std::thread::spawn(move || {
            let result = searcher.search(&board, &keys, &limits, &mut |report| say(&out, &info_line(report)));
            if let Some(choice) = searcher.last_trap_choice() {
                for finding in &choice.findings {
                    say(&out, &finding.uci_line());
                }
                say(&out, &format!("info string trappy chosen {} plain {}", result.best_move, result.plain_move));
                say(&out, &searcher.trappy_stats().uci_line("game"));
            }
            // UCI: an infinite search reports its move only when stopped.
            while limits.infinite && !stop.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(1));
            }
            searching.store(false, Ordering::SeqCst);
            say(&out, &format!("bestmove {}", result.best_move));
            searcher
        }));
    }

    /// Reads commands until `quit` or end of input (which counts as quit).
    pub fn run(&mut self, input: impl BufRead) {
        for line in input.lines() {
            let Ok(line) = line else {
                self.error("input is not valid UTF-8; line ignored");
                continue;
            };
            if !self.handle_line(&line) {
                return;
            }
        }
        self.stop_search();
    }
}
