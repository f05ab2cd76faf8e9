//! The real `trappy` binary driven through stdin and stdout: malformed
//! lines get `info string error`, state survives them, and `stop` and
//! `isready` are answered during a search.

use engine::trappy_engine::TrappyEngine;
use engine::tunables::Tunables;
use engine::tunables::TUNABLE_SPECS;
use engine::uci::{apply_option, split_setoption};
use movegen::Board;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        Engine::start_with(&[])
    }

    fn start_with(args: &[&str]) -> Engine {
        Engine::start_program(std::path::Path::new(env!("CARGO_BIN_EXE_trappy")), args)
    }

    fn start_program(program: &std::path::Path, args: &[&str]) -> Engine {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start trappy");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to trappy");
        self.stdin.flush().expect("flush");
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write to trappy");
        self.stdin.flush().expect("flush");
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn read_until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = vec![];
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(_) => panic!("no '{prefix}' within {timeout:?}; got {seen:?}"),
            }
        }
    }

    /// Sends `isready` and returns everything printed before `readyok`.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until("readyok", Duration::from_secs(10));
        lines.pop();
        lines
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn handshake_lists_options() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until("uciok", Duration::from_secs(10));
    assert!(lines.iter().any(|l| l.starts_with("id name trappy")));
    for option in ["Hash", "Threads", "Clear Hash", "Move Overhead", "Traps", "OpponentModel"] {
        assert!(lines.iter().any(|l| l.starts_with(&format!("option name {option} type"))), "{option}");
    }
}

#[test]
fn every_malformed_line_gets_an_error_and_changes_nothing() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    assert!(engine.sync().is_empty());
    let bad_lines = [
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen 8/8/8 w - - 0 1",
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e4 zzzz",
        "position",
        "position middlegame",
        "setoption name NoSuchOption value 3",
        "setoption name Hash value -5",
        "setoption name Hash value lots",
        "setoption name Threads value 257",
        "setoption name Move Overhead",
        "setoption name EvalFile value /nonexistent/network.nnue",
        "setoption name EvalFile value Cargo.toml",
        "setoption name OpponentModel value /nonexistent/maia-1500.pb.gz",
        "setoption name OpponentModel value Cargo.toml",
        "setoption name Traps value sometimes",
        "setoption name TrapMethod value search",
        "setoption",
        "frobnicate the engine",
        "go depth banana movetime 100",
    ];
    for line in bad_lines {
        engine.send(line);
        let replies = engine.sync();
        let replies: Vec<&String> = replies.iter().filter(|l| l.starts_with("info string error")).collect();
        assert!(!replies.is_empty(), "no error for '{line}'");
        if line.starts_with("go") {
            // A go with bad parameters still searches and answers.
            engine.read_until("bestmove", Duration::from_secs(30));
        }
    }
    // A retired option says what replaced it.
    engine.send("setoption name TrapUnknownOpponent value true");
    let said = engine.sync();
    assert!(said.iter().any(|l| l.contains("retired") && l.contains("Traps on")), "{said:?}");
    // The position is still the one after 1.e4.
    engine.send("d");
    let state = engine.sync();
    assert!(
        state.iter().any(|l| l.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")),
        "{state:?}"
    );
    engine.send("go depth 4");
    let lines = engine.read_until("bestmove", Duration::from_secs(30));
    let best = lines.last().and_then(|l| l.split_whitespace().nth(1)).expect("bestmove");
    let board = Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").expect("valid");
    assert!(board.parse_uci_move(best).is_ok(), "{best}");
    assert!(lines.iter().any(|l| l.starts_with("info depth 4 ") && l.contains(" pv ")));
}

#[test]
fn invalid_utf8_and_negative_times_are_survived() {
    let mut engine = Engine::start();
    engine.send_bytes(b"\xff\xfe garbage\n");
    let replies = engine.sync();
    assert!(replies.iter().any(|l| l.starts_with("info string error")), "{replies:?}");
    engine.send("position startpos");
    engine.send("go wtime -50 btime -50");
    let lines = engine.read_until("bestmove", Duration::from_secs(10));
    assert!(lines.iter().any(|l| l.contains("negative")));
    assert_ne!(lines.last().map(String::as_str), Some("bestmove 0000"));
}

#[test]
fn no_legal_move_gives_bestmove_0000() {
    let mut engine = Engine::start();
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go depth 5");
    let lines = engine.read_until("bestmove", Duration::from_secs(10));
    assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"));
}

#[test]
fn stop_and_isready_are_answered_during_a_search() {
    // With helper threads too: they stop with the main search.
    for threads in [1, 4] {
        let mut engine = Engine::start();
        engine.send(&format!("setoption name Threads value {threads}"));
        engine.send("position startpos");
        engine.send("go infinite");
        std::thread::sleep(Duration::from_millis(300));
        // An infinite search never ends by itself, so a `readyok` before any
        // `bestmove` was answered during the search (the deadlines below only
        // guard against a hang).
        engine.send("isready");
        let lines = engine.read_until("readyok", Duration::from_secs(30));
        assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "infinite search ended by itself");
        engine.send("stop");
        let lines = engine.read_until("bestmove", Duration::from_secs(30));
        assert!(lines.last().is_some_and(|l| l.len() > "bestmove ".len()), "{threads} threads");
        engine.send("quit");
        let deadline = Instant::now() + Duration::from_secs(30);
        while engine.child.try_wait().expect("wait").is_none() {
            assert!(Instant::now() < deadline, "quit did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// A clock or a move time is the only limit of these searches: without
/// it they would go on to the deepest depth and never answer. How much of
/// the clock a move may use is `TimeManager`'s arithmetic, tested in
/// `search/time.rs` without a clock; here the deadline only guards
/// against a hang, so load on the machine cannot fail the test.
#[test]
fn timed_searches_stop_by_themselves() {
    let mut engine = Engine::start();
    engine.send("position startpos moves d2d4 d7d5");
    for go in ["go wtime 1000 btime 1000 winc 10 binc 10", "go movetime 200"] {
        engine.send(go);
        let lines = engine.read_until("bestmove", Duration::from_secs(60));
        let bestmove = lines.last().expect("bestmove");
        assert!(bestmove.len() > "bestmove ".len() && !bestmove.contains("0000"), "{go}: {bestmove}");
        let deepest = lines.iter().filter_map(|l| l.strip_prefix("info depth ")).filter_map(|l| l.split(' ').next());
        let deepest = deepest.filter_map(|d| d.parse::<u32>().ok()).max().unwrap_or(0);
        assert!((1..60).contains(&deepest), "{go}: deepest iteration {deepest}");
    }
}

#[test]
fn every_tunable_round_trips_through_setoption() {
    let mut searcher = TrappyEngine::new(1, Tunables::default());
    for spec in TUNABLE_SPECS {
        for value in [spec.min, spec.max, spec.default] {
            let line = format!("name {} value {value}", spec.name);
            let tokens: Vec<&str> = line.split_whitespace().collect();
            let (name, text) = split_setoption(&tokens).expect("well formed");
            apply_option(&mut searcher, &name, text.as_deref()).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(searcher.tunables().get(spec.name), Some(value), "{line}");
        }
        let too_big = format!("name {} value {}", spec.name, spec.max as i64 + 1);
        let tokens: Vec<&str> = too_big.split_whitespace().collect();
        let (name, text) = split_setoption(&tokens).expect("well formed");
        assert!(apply_option(&mut searcher, &name, text.as_deref()).is_err());
        assert_eq!(searcher.tunables().get(spec.name), Some(spec.default));
    }
}

#[test]
fn an_options_file_sets_the_starting_values_and_a_bad_one_is_refused() {
    let dir = std::env::temp_dir().join(format!("trappy-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let good = dir.join("tuned.toml");
    std::fs::write(&good, "# tuned\n[options]\nTrapTrust = 70\nWeakTopK = 3\n").expect("write");
    // WeakTopK is not on the short list: --all-options shows it.
    let mut child = Command::new(env!("CARGO_BIN_EXE_trappy"))
        .arg("--options")
        .arg(&good)
        .arg("--all-options")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start trappy");
    child.stdin.take().expect("stdin").write_all(b"uci\nquit\n").expect("write");
    let output = child.wait_with_output().expect("run");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("option name TrapTrust type spin default 70 min 1 max 100"), "{text}");
    assert!(text.contains("option name WeakTopK type spin default 3 "), "{text}");
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "[options]\nTrapProfitCap = 100000\n").expect("write");
    let output = Command::new(env!("CARGO_BIN_EXE_trappy")).arg("--options").arg(&bad).output().expect("run");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("options.TrapProfitCap") && stderr.contains("bad.toml"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn uci_lists_a_short_list_and_all_options_lists_every_tunable() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until("uciok", Duration::from_secs(10));
    let options: Vec<&String> = lines.iter().filter(|l| l.starts_with("option name ")).collect();
    assert!(options.len() <= 25, "{} options: {options:?}", options.len());
    let names = ["Hash", "Threads", "Clear Hash", "Move Overhead", "MultiPV", "Ponder", "UCI_LimitStrength", "UCI_Elo"];
    for name in names.into_iter().chain(["Traps", "TrapTrust"]) {
        assert!(options.iter().any(|l| l.starts_with(&format!("option name {name} type"))), "{name}");
    }
    // Unlisted tunables are still set by name, as OpenBench's SPSA does.
    for spec in TUNABLE_SPECS {
        engine.send(&format!("setoption name {} value {}", spec.name, spec.default));
    }
    let errors = engine.sync();
    assert!(errors.is_empty(), "{errors:?}");
    let mut tuning = Engine::start_with(&["--all-options"]);
    tuning.send("uci");
    let lines = tuning.read_until("uciok", Duration::from_secs(10));
    for spec in TUNABLE_SPECS {
        let kind = match engine::tunables::choices_of(spec.name) {
            Some(["false", "true"]) => "check",
            Some(_) => "combo",
            None => "spin",
        };
        let line = format!("option name {} type {kind}", spec.name);
        assert!(lines.iter().any(|l| l.starts_with(&line)), "{line}");
    }
}

#[test]
fn multipv_gives_distinct_lines_with_their_own_scores_and_a_ponder_move() {
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 3");
    // Rook takes the queen, or any other move that leaves it en prise.
    engine.send("position fen 4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    engine.send("go depth 5");
    let lines = engine.read_until("bestmove", Duration::from_secs(60));
    let at_depth: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth 5 multipv ")).collect();
    assert_eq!(at_depth.len(), 3, "{lines:?}");
    let field = |line: &str, key: &str| -> String {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let at = tokens.iter().position(|t| *t == key).expect(key);
        tokens[at + 1].to_string()
    };
    let firsts: Vec<String> = at_depth.iter().map(|l| field(l, "pv")).collect();
    assert_eq!(firsts[0], "d2d5");
    assert!(firsts[1] != firsts[0] && firsts[2] != firsts[0] && firsts[1] != firsts[2], "{firsts:?}");
    let scores: Vec<i32> = at_depth.iter().map(|l| field(l, "cp").parse().expect("cp")).collect();
    assert!(scores[0] > 300 && scores[1] < 0 && scores[1] >= scores[2], "{scores:?}");
    let numbers: Vec<String> = at_depth.iter().map(|l| field(l, "multipv")).collect();
    assert_eq!(numbers, ["1", "2", "3"]);
    let bestmove = lines.last().expect("bestmove");
    assert!(bestmove.starts_with("bestmove d2d5 ponder "), "{bestmove}");
    // Back to one line: no multipv field, and a ponder move from the PV.
    engine.send("setoption name MultiPV value 1");
    engine.send("position startpos");
    engine.send("go depth 4");
    let lines = engine.read_until("bestmove", Duration::from_secs(30));
    assert!(lines.iter().all(|l| !l.contains(" multipv ")));
    let last_info = lines.iter().rev().find(|l| l.starts_with("info depth 4 ")).expect("depth 4");
    let pv: Vec<&str> = last_info.split(" pv ").nth(1).expect("pv").split_whitespace().collect();
    assert_eq!(lines.last().map(String::as_str), Some(format!("bestmove {} ponder {}", pv[0], pv[1]).as_str()));
    engine.send("setoption name MultiPV value 0");
    engine.send("setoption name Ponder value maybe");
    let errors = engine.sync();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].contains("MultiPV must be between 1 and 256") && errors[1].contains("Ponder"), "{errors:?}");
}

#[test]
fn multipv_decides_the_trappy_move_once_for_the_move_played() {
    let mut engine = Engine::start();
    engine.send("setoption name Traps value on");
    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos moves e2e4 e7e5 g1f3");
    engine.send("go depth 6");
    let lines = engine.read_until("bestmove", Duration::from_secs(60));
    assert_eq!(lines.iter().filter(|l| l.starts_with("info depth 6 multipv ")).count(), 3, "{lines:?}");
    // One decision for the whole go, not one per line and depth.
    let counters: Vec<&String> = lines.iter().filter(|l| l.starts_with("info string trappy game ")).collect();
    assert_eq!(counters.len(), 1, "{lines:?}");
    assert!(counters[0].starts_with("info string trappy game searches 1 "), "{}", counters[0]);
    let chosen = lines.iter().find(|l| l.starts_with("info string trappy chosen ")).expect("the decision");
    let played = lines.last().and_then(|l| l.split_whitespace().nth(1)).expect("bestmove");
    assert_eq!(chosen.split_whitespace().nth(4), Some(played), "{chosen}");
    // Its findings are about root moves, and the plain move is line 1's.
    let first_line = lines.iter().find(|l| l.starts_with("info depth 6 multipv 1 ")).expect("line 1");
    let plain = chosen.split_whitespace().nth(6).expect("plain");
    assert_eq!(first_line.split(" pv ").nth(1).and_then(|pv| pv.split_whitespace().next()), Some(plain));
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut engine = Engine::start();
    engine.send("position fen 4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    engine.send("go depth 4 searchmoves e1f1 e1e2");
    let lines = engine.read_until("bestmove", Duration::from_secs(30));
    let bestmove = lines.last().expect("bestmove");
    assert!(bestmove.starts_with("bestmove e1f1") || bestmove.starts_with("bestmove e1e2"), "{bestmove}");
    // A move that is not legal is reported and left out.
    engine.send("go depth 3 searchmoves d2d5 a1a8");
    let lines = engine.read_until("bestmove", Duration::from_secs(30));
    assert!(lines.iter().any(|l| l.contains("searchmoves names a move that is not legal")), "{lines:?}");
    assert!(lines.last().is_some_and(|l| l.starts_with("bestmove d2d5")));
}

/// Told whom it plays and named no model, the engine takes the rated
/// network nearest the opponent from a `maia/` folder beside its binary
/// and says so; with none there it says it plays the natural model.
#[test]
fn networks_beside_the_binary_are_found_and_named() {
    use engine::lc0::writer::{gzipped, net_bytes, NetSpec};
    let dir = std::env::temp_dir().join(format!("trappy-uci-discovery-{}", std::process::id()));
    let (with, without) = (dir.join("with"), dir.join("without"));
    std::fs::create_dir_all(with.join("maia")).expect("temp dir");
    std::fs::create_dir_all(&without).expect("temp dir");
    let net = gzipped(&net_bytes(&NetSpec::plane_logits(&[(0, 1.0)])));
    for elo in [1100, 1500] {
        std::fs::write(with.join("maia").join(format!("maia-{elo}.pb.gz")), &net).expect("write");
    }
    let said_model = |folder: &std::path::Path, setup: &[&str]| -> Vec<String> {
        let program = folder.join("trappy");
        std::fs::copy(env!("CARGO_BIN_EXE_trappy"), &program).expect("copy trappy");
        let mut engine = Engine::start_program(&program, &[]);
        for line in setup {
            engine.send(line);
        }
        engine.send("go depth 3");
        let lines = engine.read_until("bestmove", Duration::from_secs(60));
        lines.into_iter().filter(|l| l.starts_with("info string trappy traps ")).collect()
    };
    let human = "setoption name UCI_Opponent value none 1400 human someone";
    let found = said_model(&with, &[human]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].ends_with(
            "model maia-1500 (rated 1500, of 2 networks, for an opponent rated 1400), trust 100 %, mix 50 %, \
             odds network a piece or more behind"
        ),
        "{found:?}"
    );
    let chosen = said_model(&with, &["setoption name OpponentModel value natural", human]);
    assert!(
        chosen.len() == 1
            && chosen[0].ends_with("model natural, trust 50 %, mix 100 %, odds network a piece or more behind"),
        "{chosen:?}"
    );
    let none = said_model(&without, &[human]);
    assert_eq!(none.len(), 1, "{none:?}");
    assert!(none[0].contains("model natural (no rated network found in "), "{none:?}");
    // Told nothing, no traps are set, and the engine says why.
    let untold = said_model(&with, &[]);
    assert!(untold.len() == 1 && untold[0].contains("traps off (opponent unknown") && !untold[0].contains("model"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The trap positions of data/traps.epd, as FENs.
fn trap_positions() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/traps.epd")).expect("traps.epd");
    text.lines().filter_map(|line| line.split(" sm ").next()).filter(|fen| !fen.is_empty()).map(String::from).collect()
}

/// The pv of an `info depth` line, as moves.
fn pv_of(line: &str) -> Vec<&str> {
    line.split(" pv ").nth(1).map_or(vec![], |pv| pv.split_whitespace().collect())
}

#[test]
fn the_last_line_before_bestmove_is_the_line_of_the_move_played() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Opponent value none 1500 human someone");
    let mut changed = 0;
    for fen in trap_positions() {
        engine.send(&format!("position fen {fen}"));
        engine.send("go depth 5");
        let lines = engine.read_until("bestmove", Duration::from_secs(120));
        let bestmove: Vec<&str> = lines.last().expect("bestmove").split_whitespace().collect();
        let last_info = lines.iter().rev().find(|l| l.starts_with("info depth ")).expect("an info line");
        let pv = pv_of(last_info);
        assert_eq!(pv.first(), bestmove.get(1), "{fen}: {last_info} then {bestmove:?}");
        match pv.get(1) {
            Some(reply) => assert_eq!(bestmove.get(2..4), Some(&["ponder", *reply][..]), "{fen}: {bestmove:?}"),
            None => assert_eq!(bestmove.len(), 2, "{fen}: {bestmove:?}"),
        }
        let chosen = lines.iter().find(|l| l.starts_with("info string trappy chosen ")).expect("the decision");
        let words: Vec<&str> = chosen.split_whitespace().collect();
        changed += usize::from(words.get(4) != words.get(6));
    }
    assert!(changed > 0, "the trap root changed no move: the test shows nothing");
}

#[test]
fn ponderhit_goes_on_under_the_clock_and_decides_at_the_end() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Opponent value none 1500 human someone");
    engine.send("position startpos moves e2e4 e7e5");
    // A pondering search that has finished still waits for ponderhit.
    engine.send("go ponder depth 3 wtime 60000 btime 60000");
    let lines = engine.read_until("info string trappy chosen", Duration::from_secs(60));
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "{lines:?}");
    assert!(!engine.sync().iter().any(|l| l.starts_with("bestmove")), "bestmove before ponderhit");
    engine.send("ponderhit");
    engine.read_until("bestmove", Duration::from_secs(30));
    // On a 60 s clock, ponderhit starts the move's own time: the search
    // goes on (the deadline only guards against a hang), then decides.
    engine.send("go ponder wtime 60000 btime 60000");
    engine.read_until("info depth 2 ", Duration::from_secs(60));
    let hit = Instant::now();
    engine.send("ponderhit");
    let lines = engine.read_until("bestmove", Duration::from_secs(120));
    assert!(hit.elapsed() >= Duration::from_millis(300), "bestmove {:?} after ponderhit", hit.elapsed());
    assert!(lines.iter().any(|l| l.starts_with("info string trappy chosen ")), "no decision: {lines:?}");
    // stop answers at once, pondering or not.
    engine.send("go ponder wtime 60000 btime 60000");
    engine.read_until("info depth 2 ", Duration::from_secs(60));
    engine.send("stop");
    engine.read_until("bestmove", Duration::from_secs(30));
}

/// Files that are no network cost the engine nothing: one named as
/// `OpponentModel` is refused at once with the reason and the engine
/// plays on; beside the binary each is named as skipped before `uciok`,
/// and a broken network nearest the opponent gives way to the next with
/// a warning. Each answer comes by itself, read by `read_until`'s
/// generous deadline, which only guards against a hang.
#[test]
fn files_that_are_no_network_are_refused_at_once_and_named() {
    use engine::lc0::writer::{gzipped, net_bytes, NetSpec};
    let dir = std::env::temp_dir().join(format!("trappy-uci-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let net = gzipped(&net_bytes(&NetSpec::plane_logits(&[(0, 1.0)])));
    std::fs::write(dir.join("maia-1100.pb.gz"), &net).expect("write");
    std::fs::write(dir.join("maia-1600.pb.gz"), &net[..net.len() / 2]).expect("write");
    // 200 MB of nothing, as a sparse file: no disk taken.
    std::fs::File::create(dir.join("maia-1900.pb.gz")).and_then(|file| file.set_len(200 << 20)).expect("a sparse file");
    let program = dir.join("trappy");
    std::fs::copy(env!("CARGO_BIN_EXE_trappy"), &program).expect("copy trappy");
    let mut engine = Engine::start_program(&program, &[]);
    engine.send("uci");
    let lines = engine.read_until("uciok", Duration::from_secs(30));
    let skipped: Vec<&String> = lines.iter().filter(|l| l.starts_with("info string skipped network ")).collect();
    assert_eq!(skipped.len(), 1, "{lines:?}");
    assert!(skipped[0].contains("maia-1900.pb.gz: not an lc0 network"), "{skipped:?}");
    let junk = dir.join("maia-1900.pb.gz");
    for bad in ["/dev/zero", junk.to_str().expect("utf-8")] {
        engine.send(&format!("setoption name OpponentModel value {bad}"));
        let said = engine.sync();
        assert!(said.iter().any(|l| l.starts_with("info string error: network ") && l.contains(bad)), "{said:?}");
    }
    engine.send("setoption name UCI_Opponent value none 1600 human someone");
    engine.send("go depth 3");
    let lines = engine.read_until("bestmove", Duration::from_secs(60));
    let model: Vec<&String> = lines.iter().filter(|l| l.starts_with("info string trappy traps ")).collect();
    assert_eq!(model.len(), 1, "{lines:?}");
    assert!(
        model[0].contains(
            "model maia-1100 (rated 1100, of 2 networks, for an opponent rated 1600); \
             warning: nearer, but could not be used: maia-1600 (rated 1600): network "
        ),
        "{model:?}"
    );
    engine.send("quit");
    let _ = engine.child.wait();
    let _ = std::fs::remove_dir_all(&dir);
}
