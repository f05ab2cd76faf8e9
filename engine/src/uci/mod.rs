//! The UCI protocol. The main thread reads commands; each `go` runs on a
//! worker thread that owns the searcher until it answers `bestmove`, so
//! `stop` and `isready` are answered during a search. Every malformed line
//! gets `info string error: ...` and changes nothing.

mod go;
mod options;
mod position;

pub use options::{apply_option, option_lines, split_setoption, DEFAULT_HASH_MB};
use options::{session_option, SessionOption, DEFAULT_MOVE_OVERHEAD_MS};

use crate::eval::evaluate;
use crate::nnue::{Accumulator, Network};
use crate::opponent::{OpponentInfo, OpponentKind, FULL_STRENGTH_ELO};
use crate::search::score::uci_score;
use crate::search::tt::Bound;
use crate::search::{PonderSignal, ReportedLine, SearchReport, SearchRequest, SearchResult};
use crate::strength::{lift_limit, StrengthLimit};
use crate::trappy::replies::OpponentModelChoice;
use crate::trappy_engine::TrappyEngine;
use crate::tunables::{SetByUser, Tunables};
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

/// The `info` lines of a finished depth: one, or with MultiPV (`lines`
/// above 1) one per line, each with its `multipv` number.
pub fn info_lines(report: &SearchReport, lines: usize) -> Vec<String> {
    let first = ReportedLine { score: report.score, pv: report.pv.clone() };
    let all = std::iter::once(&first).chain(&report.more_lines);
    all.enumerate()
        .map(|(index, line)| {
            let number = if lines > 1 { format!(" multipv {}", index + 1) } else { String::new() };
            let bound = match (index, report.score_bound) {
                (0, Bound::Lower) => " lowerbound",
                (0, Bound::Upper) => " upperbound",
                _ => "",
            };
            let pv: Vec<String> = line.pv.iter().map(|mv| mv.to_string()).collect();
            format!(
                "info depth {}{number} seldepth {} score {}{bound} nodes {} nps {} time {} hashfull {} pv {}",
                report.depth,
                report.seldepth,
                uci_score(line.score),
                report.nodes,
                report.nps(),
                report.time_ms,
                report.hashfull,
                pv.join(" ")
            )
        })
        .collect()
}

/// `bestmove M`, with `ponder P` when the principal variation of the move
/// played has a reply.
fn bestmove_line(result: &SearchResult) -> String {
    let reply = match result.pv.as_slice() {
        [first, reply, ..] if *first == result.best_move => Some(*reply),
        _ => None,
    };
    match reply {
        Some(reply) => format!("bestmove {} ponder {reply}", result.best_move),
        None => format!("bestmove {}", result.best_move),
    }
}

pub struct UciSession {
    out: Output,
    board: Board,
    game_keys: Vec<u64>,
    /// The positions before `board`, for a human-move network's history.
    game_positions: Vec<Board>,
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
    /// What a searcher rebuilt after a failed search thread starts from:
    /// the options set so far.
    settings: Settings,
    multipv: usize,
    /// The last `go ponder`'s signal, for `ponderhit`.
    ponder: Option<PonderSignal>,
    /// `UCI_Elo`.
    elo: i64,
    /// `uci` lists every tunable (`trappy --all-options`).
    all_tunables: bool,
}

/// The searcher's options as set so far.
#[derive(Clone)]
struct Settings {
    hash_mb: usize,
    threads: usize,
    move_overhead: Duration,
    tunables: Tunables,
    /// Whom the engine plays, and the rating it plays at.
    opponent: Option<OpponentInfo>,
    own_elo: i32,
    /// `EvalFile`'s network (`None`: the classical evaluation).
    network: Option<Arc<Network>>,
    /// `OpponentModel`.
    opponent_model: OpponentModelChoice,
    /// `UCI_LimitStrength`.
    limit_strength: bool,
    /// Which tunables the user set by name.
    set_by_user: SetByUser,
}

impl Settings {
    fn searcher(&self) -> TrappyEngine {
        let mut searcher = TrappyEngine::new(self.hash_mb, self.tunables.clone());
        searcher.set_move_overhead(self.move_overhead);
        searcher.set_threads(self.threads);
        searcher.set_opponent(self.opponent.clone(), self.own_elo);
        searcher.set_network(self.network.clone());
        searcher.set_opponent_model(self.opponent_model.clone());
        searcher.keep_set_by_user(self.set_by_user.clone());
        searcher
    }
}

impl UciSession {
    pub fn new(output: Box<dyn Write + Send>) -> UciSession {
        UciSession::with_options(output, Tunables::default(), SetByUser::default())
    }

    /// A session whose searcher starts from `tunables` (an options file's,
    /// `trappy --options FILE`), of which `set_by_user` are the user's.
    pub fn with_options(output: Box<dyn Write + Send>, tunables: Tunables, set_by_user: SetByUser) -> UciSession {
        let settings = Settings {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
            tunables: tunables.clone(),
            opponent: None,
            own_elo: FULL_STRENGTH_ELO,
            network: crate::nnue::default_network(),
            opponent_model: OpponentModelChoice::beside_the_binary(),
            limit_strength: false,
            set_by_user,
        };
        let searcher = settings.searcher();
        let stop = searcher.stop_flag();
        UciSession {
            out: Arc::new(Mutex::new(output)),
            board: Board::startpos(),
            game_keys: Vec::new(),
            game_positions: Vec::new(),
            searcher: Some(searcher),
            search_thread: None,
            stop,
            searching: Arc::new(AtomicBool::new(false)),
            start_tunables: tunables,
            settings,
            multipv: 1,
            ponder: None,
            elo: crate::strength::DEFAULT_ELO,
            all_tunables: false,
        }
    }

    /// `uci` lists every tunable, as a tuning setup wants.
    pub fn list_all_tunables(&mut self) {
        self.all_tunables = true;
    }

    /// The files `OpponentModel`'s folder or discovery passed over, each
    /// with its reason.
    fn say_skipped_networks(&self) {
        for skipped in self.settings.opponent_model.skipped() {
            say(&self.out, &format!("info string {}", skipped.line()));
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
                    self.error("the search thread failed; starting a fresh searcher with the options set so far");
                    let searcher = self.settings.searcher();
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
        let settings = self.settings.clone();
        self.searcher.get_or_insert_with(|| settings.searcher())
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
                for option in option_lines(&self.start_tunables, self.all_tunables) {
                    say(&self.out, &option);
                }
                self.say_skipped_networks();
                say(&self.out, "uciok");
            }
            "isready" => say(&self.out, "readyok"),
            "ucinewgame" => {
                self.idle_searcher().new_game();
                self.board = Board::startpos();
                self.game_keys.clear();
                self.game_positions.clear();
            }
            "position" => match position::parse_position(args) {
                Ok(parsed) => {
                    self.idle_searcher();
                    self.board = parsed.board;
                    self.game_keys = parsed.game_keys;
                    self.game_positions = parsed.game_positions;
                }
                Err(message) => self.error(&format!("position: {message}; keeping the previous position")),
            },
            "setoption" => match split_setoption(args) {
                Ok((name, value)) => self.set_option(&name, value.as_deref()),
                Err(message) => self.error(&message),
            },
            "go" => self.go(args),
            "stop" => self.stop_search(),
            "ponderhit" => match &self.ponder {
                Some(ponder) => ponder.hit(),
                None => self.error("ponderhit received while not pondering; ignored"),
            },
            "quit" => {
                self.stop_search();
                return false;
            }
            "d" => say(&self.out, &format!("info string fen {} key {:016x}", self.board.to_fen(), self.board.hash())),
            "eval" => {
                let tunables = self.idle_searcher().tunables().clone();
                let line = match self.settings.network.clone() {
                    Some(network) => {
                        let sums = Accumulator::from_scratch(&network, &self.board);
                        format!("eval cp {} (side to move, network)", sums.score(&network, &self.board))
                    }
                    None => format!("eval cp {} (side to move, classical)", evaluate(&self.board, &tunables)),
                };
                say(&self.out, &format!("info string {line}"));
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
        let mut searcher = self.searcher.take().unwrap_or_else(|| self.settings.searcher());
        if let Some(stance) = searcher.stance_news() {
            say(&self.out, &stance);
        }
        self.stop = searcher.stop_flag();
        self.stop.store(false, Ordering::SeqCst);
        self.searching.store(true, Ordering::SeqCst);
        let searching = Arc::clone(&self.searching);
        let mut limits = parsed.limits;
        self.ponder = limits.ponder.clone();
        if !parsed.search_moves.is_empty() {
            let moves: Vec<movegen::Move> =
                parsed.search_moves.iter().filter_map(|text| self.board.parse_uci_move(text).ok()).collect();
            if moves.len() < parsed.search_moves.len() {
                self.error("go: searchmoves names a move that is not legal here; it is left out");
            }
            limits.root_moves = Some(moves);
        }
        let (out, board, keys, stop, lines) =
            (Arc::clone(&self.out), self.board.clone(), self.game_keys.clone(), Arc::clone(&self.stop), self.multipv);
        let positions = self.game_positions.clone();
        self.search_thread = Some(std::thread::spawn(move || {
            let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                searcher.search(
                    SearchRequest::new(&board, &limits)
                        .after(&keys)
                        .with_positions(&positions)
                        .with_lines(lines)
                        .reporting(&mut |report| info_lines(report, lines).iter().for_each(|line| say(&out, line))),
                )
            }));
            let result = match searched {
                Ok(result) => result,
                Err(panic) => {
                    // The GUI is waiting for a move: give it a legal one,
                    // then let `join_search` replace the broken searcher.
                    searching.store(false, Ordering::SeqCst);
                    let fallback = board.legal_moves().iter().next().map_or("0000".to_string(), |mv| mv.to_string());
                    say(&out, "info string error: the search failed; answering with a legal move");
                    say(&out, &format!("bestmove {fallback}"));
                    std::panic::resume_unwind(panic);
                }
            };
            if let Some(choice) = searcher.last_trap_choice() {
                for finding in &choice.findings {
                    say(&out, &finding.uci_line());
                }
                say(&out, &format!("info string trappy chosen {} plain {}", result.best_move, result.plain_move));
                say(&out, &searcher.trappy_stats().uci_line("game"));
            }
            // UCI: an infinite search reports its move only when stopped, a
            // pondering one only after ponderhit or stop.
            let waits = || limits.infinite || limits.ponder.as_ref().is_some_and(PonderSignal::is_pondering);
            while waits() && !stop.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(1));
            }
            searching.store(false, Ordering::SeqCst);
            say(&out, &bestmove_line(&result));
            searcher
        }));
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        match session_option(name, value) {
            Some(Ok(SessionOption::MultiPv(lines))) => self.multipv = lines,
            // Pondering needs nothing set up: `go ponder` carries it. The
            // option tells GUIs we can.
            Some(Ok(SessionOption::Ponder)) => {}
            Some(Ok(SessionOption::LimitStrength(on))) => {
                self.settings.limit_strength = on;
                self.apply_strength();
            }
            Some(Ok(SessionOption::EvalFile(network))) => {
                self.settings.network = network.clone();
                self.idle_searcher().set_network(network);
            }
            Some(Ok(SessionOption::OpponentModel(choice))) => {
                self.settings.opponent_model = choice.clone();
                self.say_skipped_networks();
                self.idle_searcher().set_opponent_model(choice);
            }
            Some(Ok(SessionOption::Elo(elo))) => {
                self.elo = elo;
                self.apply_strength();
            }
            Some(Ok(SessionOption::Opponent(info))) => {
                self.settings.opponent = info;
                self.apply_opponent();
            }
            Some(Ok(SessionOption::OpponentElo(elo))) => {
                self.change_opponent(|info| info.elo = (elo > 0).then_some(elo))
            }
            Some(Ok(SessionOption::OpponentHuman(human))) => self
                .change_opponent(|info| info.kind = if human { OpponentKind::Human } else { OpponentKind::Computer }),
            Some(Err(message)) => self.error(&message),
            None => {
                let searcher = self.idle_searcher();
                match apply_option(searcher, name, value) {
                    Ok(()) => {
                        let threads = searcher.threads();
                        let set_by_user = searcher.set_by_user().clone();
                        let kept = (searcher.hash_megabytes(), searcher.tunables().clone(), searcher.move_overhead());
                        (self.settings.hash_mb, self.settings.tunables, self.settings.move_overhead) = kept;
                        self.settings.threads = threads;
                        self.settings.set_by_user = set_by_user;
                    }
                    Err(message) => self.error(&message),
                }
            }
        }
    }

    /// Sets the fallible-model tunables for the strength limit in force
    /// (their defaults when it is off). The evaluation stays `EvalFile`'s;
    /// the levels are calibrated with the built-in network.
    fn apply_strength(&mut self) {
        let (limit, elo) = (self.settings.limit_strength, self.elo);
        let searcher = self.idle_searcher();
        let mut tunables = searcher.tunables().clone();
        if limit {
            StrengthLimit::at(elo).apply(&mut tunables);
        } else {
            lift_limit(&mut tunables);
        }
        searcher.set_tunables(tunables.clone());
        self.settings.tunables = tunables;
        self.apply_opponent();
    }

    /// `OpponentElo` and `OpponentHuman` change one thing of what is
    /// known; an opponent with neither a rating nor a human kind is as good
    /// as unknown.
    fn change_opponent(&mut self, change: impl FnOnce(&mut OpponentInfo)) {
        let mut info = self.settings.opponent.take().unwrap_or(OpponentInfo {
            title: None,
            elo: None,
            kind: OpponentKind::Computer,
            name: String::new(),
        });
        change(&mut info);
        self.settings.opponent = (info.elo.is_some() || info.kind == OpponentKind::Human).then_some(info);
        self.apply_opponent();
    }

    /// Tells the searcher whom it plays and at what rating it plays: the
    /// gap between the two sets its contempt (`opponent.rs`).
    fn apply_opponent(&mut self) {
        self.settings.own_elo = if self.settings.limit_strength { self.elo as i32 } else { FULL_STRENGTH_ELO };
        let (opponent, own_elo) = (self.settings.opponent.clone(), self.settings.own_elo);
        self.idle_searcher().set_opponent(opponent, own_elo);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rebuilt_searcher_keeps_the_options_set_so_far() {
        let mut session = UciSession::new(Box::new(std::io::sink()));
        for line in [
            "setoption name Hash value 32",
            "setoption name Move Overhead value 75",
            "setoption name Traps value off",
            "setoption name Hash value 0",
            "setoption name TrapTrust value -5",
        ] {
            session.handle_line(line);
        }
        // The last two were refused and changed nothing.
        assert_eq!(session.settings.hash_mb, 32);
        assert_eq!(session.settings.move_overhead, Duration::from_millis(75));
        assert_eq!(session.settings.tunables.get("Traps"), Some(2));
        let rebuilt = session.settings.searcher();
        assert_eq!(rebuilt.hash_megabytes(), 32);
        assert_eq!(rebuilt.move_overhead(), Duration::from_millis(75));
        assert_eq!(rebuilt.tunables().get("Traps"), Some(2));
        assert!(!rebuilt.trappy_enabled());
    }

    #[test]
    fn the_strength_limit_sets_the_fallible_model_and_lifting_it_restores_it() {
        let mut session = UciSession::new(Box::new(std::io::sink()));
        let weak_nodes = |session: &UciSession| session.settings.tunables.get("WeakNodes");
        session.handle_line("setoption name UCI_Elo value 2000");
        assert_eq!(weak_nodes(&session), Some(0), "no limit until UCI_LimitStrength is on");
        session.handle_line("setoption name UCI_LimitStrength value true");
        let mut expected = Tunables::default();
        StrengthLimit::at(2000).apply(&mut expected);
        assert_eq!(session.settings.tunables, expected);
        session.handle_line("setoption name UCI_Elo value 1500");
        let low = StrengthLimit::at(1500).nodes;
        assert_eq!(weak_nodes(&session), Some(low));
        session.handle_line("setoption name UCI_Elo value 99999");
        assert_eq!(weak_nodes(&session), Some(low), "an out-of-range Elo changes nothing");
        session.handle_line("setoption name UCI_LimitStrength value false");
        assert_eq!(session.settings.tunables, Tunables::default());
    }

    #[test]
    fn the_built_in_network_plays_unless_told_otherwise_also_under_a_limit() {
        let mut session = UciSession::new(Box::new(std::io::sink()));
        let built_in = |session: &mut UciSession| {
            session.idle_searcher().network().is_some_and(|n| Arc::ptr_eq(n, &crate::nnue::embedded_network()))
        };
        assert!(built_in(&mut session), "the default evaluation");
        session.handle_line("setoption name UCI_LimitStrength value true");
        assert!(built_in(&mut session), "the levels play with the network too");
        session.handle_line("setoption name EvalFile value classical");
        assert!(session.idle_searcher().network().is_none(), "a limit plays with the evaluation EvalFile names");
        session.handle_line("setoption name EvalFile value embedded");
        assert!(built_in(&mut session));
        session.handle_line("setoption name UCI_LimitStrength value false");
        assert!(built_in(&mut session));
        session.handle_line("setoption name EvalFile value classical");
        assert!(session.idle_searcher().network().is_none());
        assert!(session.settings.searcher().network().is_none(), "a rebuilt searcher keeps it");
        session.handle_line("setoption name EvalFile value /no/such/network.nnue");
        assert!(session.idle_searcher().network().is_none(), "a bad file changes nothing");
        session.handle_line("setoption name EvalFile value embedded");
        assert!(built_in(&mut session));
    }

    #[test]
    fn the_opponent_sets_contempt_from_the_rating_gap() {
        let mut session = UciSession::new(Box::new(std::io::sink()));
        let contempt = |session: &mut UciSession| session.idle_searcher().stance().contempt;
        assert_eq!(contempt(&mut session), 0);
        session.handle_line("setoption name UCI_Opponent value none 1900 human Some Player");
        let known = contempt(&mut session);
        assert!(known > 0, "a weaker human: play on ({known})");
        // At the engine's own limited strength the gap closes.
        session.handle_line("setoption name UCI_LimitStrength value true");
        session.handle_line("setoption name UCI_Elo value 1900");
        assert_eq!(contempt(&mut session), 0);
        session.handle_line("setoption name UCI_LimitStrength value false");
        assert_eq!(contempt(&mut session), known);
        // The options set stay as set; only the search's view changes.
        assert_eq!(session.settings.tunables.contempt, 0);
        session.handle_line("setoption name UCI_Opponent value none 2700 computer Strong Engine");
        assert_eq!(contempt(&mut session), 0, "a stronger opponent changes nothing");
        session.handle_line("setoption name UCI_Opponent value");
        assert_eq!(contempt(&mut session), 0);
        // The plain options say the same.
        session.handle_line("setoption name OpponentElo value 1900");
        assert_eq!(contempt(&mut session), known);
        session.handle_line("setoption name OpponentHuman value true");
        session.handle_line("setoption name OpponentElo value 0");
        assert_eq!(contempt(&mut session), 0);
        assert_eq!(session.settings.opponent.as_ref().map(|o| o.kind), Some(OpponentKind::Human));
        // A rebuilt searcher keeps what it was told.
        session.handle_line("setoption name OpponentElo value 1900");
        assert_eq!(session.settings.searcher().stance().contempt, known);
    }
}
