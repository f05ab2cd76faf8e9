//! `tuner match` through the real binary: a config naming an engine that
//! cannot start ends with exit 2 and says which engine and why, and without
//! a terminal the progress comes as plain lines.

use std::path::PathBuf;
use std::process::Command;

/// A head-to-head config in a fresh temporary folder: `tournament` holds
/// the extra `[tournament]` keys, `engines` the `[[engine]]` sections.
/// Returns the folder and the config's path.
fn write_config(label: &str, tournament: &str, engines: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("tuner-match-{label}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/openings/8moves_v3-2000.pgn");
    let config = format!(
        "[tournament]\nkind = \"head-to-head\"\njournal = \"j.jsonl\"\n{tournament}\n\
         [openings]\nfile = \"{openings}\"\n{engines}"
    );
    let path = dir.join(format!("{label}.toml"));
    std::fs::write(&path, config).expect("write config");
    (dir, path)
}

#[test]
fn a_missing_engine_is_reported_not_scored() {
    let (dir, path) = write_config(
        "missing-engine",
        "pairs = 2",
        "[[engine]]\nname = \"trappy\"\ndepth = 2\n\
         [[engine]]\nname = \"typo\"\nkind = \"uci\"\ncommand = \"/nonexistent/engine\"\ndepth = 2\n",
    );
    let output = Command::new(env!("CARGO_BIN_EXE_tuner")).arg("match").arg(&path).output().expect("run tuner");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot start engine typo (/nonexistent/engine): "), "{stderr}");
    let journal = std::fs::read_to_string(dir.join("j.jsonl")).unwrap_or_default();
    assert!(journal.trim().is_empty(), "a game was scored: {journal}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_a_terminal_progress_comes_as_plain_lines() {
    let (dir, path) = write_config(
        "lines",
        "pairs = 2\nconcurrency = 1",
        "[[engine]]\nname = \"trappy\"\ndepth = 2\n\
         [[engine]]\nname = \"plain\"\ndepth = 2\noptions = { Traps = \"off\" }\n",
    );
    // The test harness gives the child pipes, not a terminal.
    let output = Command::new(env!("CARGO_BIN_EXE_tuner"))
        .args(["match", "--status-every", "2"])
        .arg(&path)
        .output()
        .expect("run tuner");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    for game in 1..=4 {
        let finished = lines.iter().position(|l| l.starts_with(&format!("Finished game {game} (")));
        let finished = finished.unwrap_or_else(|| panic!("no line for game {game}: {stdout}"));
        assert!(lines[finished + 1].starts_with("Score of trappy vs plain: "), "{stdout}");
        assert!(lines[finished + 1].ends_with(&format!("] {game}")), "{stdout}");
    }
    // The status every two games: the second and the fourth.
    assert_eq!(lines.iter().filter(|l| l.starts_with("trappy vs plain: Elo")).count(), 2, "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn command_line_overrides_change_the_run() {
    let (dir, path) = write_config(
        "overrides",
        "pairs = 50",
        "[[engine]]\nname = \"trappy\"\ntc = \"60+1\"\n\
         [[engine]]\nname = \"plain\"\ntc = \"60+1\"\noptions = { Traps = \"off\" }\n",
    );
    let journal = dir.join("elsewhere.jsonl");
    // One pair at depth 2 instead of 50 pairs at a minute each.
    let output = Command::new(env!("CARGO_BIN_EXE_tuner"))
        .args(["match", "--pairs", "1", "--each-depth", "2", "--concurrency", "1", "--seed", "3"])
        .arg("--journal")
        .arg(&journal)
        .arg(&path)
        .output()
        .expect("run tuner");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let lines = std::fs::read_to_string(&journal).expect("the overridden journal");
    // The layout line and the pair's two games.
    assert_eq!(lines.lines().count(), 3);
    assert!(!dir.join("j.jsonl").exists(), "the config's journal was used");
    // A bad override is checked like the file.
    let bad = Command::new(env!("CARGO_BIN_EXE_tuner"))
        .args(["match", "--each-tc", "fast"])
        .arg(&path)
        .output()
        .expect("run tuner");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("tc 'fast'"), "{}", String::from_utf8_lossy(&bad.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_embedded_default_runs_from_any_directory_and_writes_there() {
    // A folder outside the checkout: nothing of the repository beside it.
    let dir = std::env::temp_dir().join(format!("tuner-match-default-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let output = Command::new(env!("CARGO_BIN_EXE_tuner"))
        .args(["match", "--pairs", "2", "--each-depth", "2", "--concurrency", "1"])
        .current_dir(&dir)
        .output()
        .expect("run tuner");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    // trappy and plain against one fallible opponent, two pairs each:
    // eight games, journaled and written as PGN in the working directory, and
    // the paired comparison of the two in the report.
    let journal = std::fs::read_to_string(dir.join("default-match.jsonl")).expect("journal in the working directory");
    // The layout line, then one line a game.
    assert_eq!(journal.lines().count(), 9, "{journal}");
    assert!(journal.starts_with("{\"layout\":"), "{journal}");
    assert!(journal.contains("\"players\":[\"trappy\",\"plain\",\"glance\"]"), "{journal}");
    let pgn = std::fs::read_to_string(dir.join("default-match.pgn")).expect("pgn in the working directory");
    assert_eq!(pgn.matches("[Event \"trappy default demonstration\"]").count(), 8);
    // Both give the opponent a rook and a knight: every game starts from a FEN.
    assert_eq!(pgn.matches("[SetUp \"1\"]").count(), 8, "{pgn}");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(report.contains("trappy default demonstration, journal default-match.jsonl (8 games)"), "{report}");
    assert!(report.contains("trappy vs glance: +") && report.contains("plain vs glance: +"), "{report}");
    assert!(report.contains("paired: trappy - plain over 2 opening pairs"), "{report}");
    let chart = std::fs::read_to_string(dir.join("default-match.svg")).expect("chart beside the journal");
    assert!(chart.starts_with("<svg") && chart.contains("as games accumulate"), "{chart}");
    // Two pairs a pairing bound no interval: each pairing's panel says so.
    assert_eq!(chart.matches(">No Elo to draw:").count(), 2, "{chart}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tuner_report_prints_a_pool_journal_as_tuner_match_did() {
    let (dir, path) = write_config(
        "pool-report",
        "pairs = 3\nconcurrency = 2\nopponents = [\"shallow\", \"noisy\"]",
        "[[engine]]\nname = \"trappy\"\ndepth = 3\n\
         [[engine]]\nname = \"plain\"\ndepth = 3\noptions = { Traps = \"off\" }\n\
         [[engine]]\nname = \"shallow\"\ndepth = 1\n\
         [[engine]]\nname = \"noisy\"\ndepth = 2\noptions = { WeakEvalNoise = 80 }\n",
    );
    let config = std::fs::read_to_string(&path).expect("config").replace("head-to-head", "pool");
    std::fs::write(&path, config).expect("write config");
    let played = Command::new(env!("CARGO_BIN_EXE_tuner")).arg("match").arg(&path).output().expect("run tuner");
    assert_eq!(played.status.code(), Some(0), "{}", String::from_utf8_lossy(&played.stderr));
    let reported =
        Command::new(env!("CARGO_BIN_EXE_tuner")).arg("report").arg(dir.join("j.jsonl")).output().expect("report");
    assert_eq!(reported.status.code(), Some(0), "{}", String::from_utf8_lossy(&reported.stderr));
    // From the title line up to the file paths both print the same.
    let body = |text: &[u8]| {
        let text = String::from_utf8_lossy(text).to_string();
        let lines = text.lines().skip_while(|l| !l.contains("j.jsonl (30 games)"));
        lines.take_while(|l| !l.starts_with("journal: ")).collect::<Vec<_>>().join("\n")
    };
    let (from_match, from_report) = (body(&played.stdout), body(&reported.stdout));
    assert_eq!(from_match, from_report);
    // Four pool pairings and the players' own, the whole-pool rows and
    // the paired comparison of the two players.
    assert!(from_report.starts_with("trappy match, journal "), "{from_report}");
    for expected in ["trappy vs shallow: +", "plain vs noisy: +", "trappy vs plain: +", "**trappy vs the whole pool**"]
    {
        assert!(from_report.contains(expected), "{expected}: {from_report}");
    }
    assert!(from_report.contains("Paired comparison of the players:"), "{from_report}");
    assert!(from_report.contains("paired: trappy - plain over 6 opening pairs"), "{from_report}");
    // The line's verdict in words: both scores on the same pairs.
    assert!(from_report.contains("    trappy ") && from_report.contains(" % on the same pairs: "), "{from_report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_engine_with_install_instructions_says_how_to_get_it() {
    let (dir, path) = write_config(
        "install-hint",
        "pairs = 1",
        "[[engine]]\nname = \"trappy\"\ndepth = 2\n\
         [[engine]]\nname = \"maia-1100\"\nkind = \"uci\"\ncommand = \"maia/maia-1100.sh\"\nnodes = 1\n\
         install = \"see docs/maia.md\"\n",
    );
    let output = Command::new(env!("CARGO_BIN_EXE_tuner")).arg("match").arg(&path).output().expect("run tuner");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("engine maia-1100 is not installed ("), "{stderr}");
    assert!(stderr.contains("maia-1100.sh is missing): see docs/maia.md"), "{stderr}");
    assert!(!dir.join("j.jsonl").exists(), "a journal was started");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_uci_engine_is_told_its_opponent_as_lichess_bot_tells_it() {
    let engine = std::path::Path::new(env!("CARGO_BIN_EXE_tuner")).with_file_name("trappy");
    let (dir, path) = write_config(
        "opponent",
        "pairs = 1\nconcurrency = 1\nlog = \"engines.log\"",
        &format!(
            "[[engine]]\nname = \"trappy-uci\"\nkind = \"uci\"\ncommand = \"{}\"\ndepth = 2\n\
             [[engine]]\nname = \"weak-human\"\ndepth = 1\nelo = 1300\nhuman = true\n",
            engine.display()
        ),
    );
    let output = Command::new(env!("CARGO_BIN_EXE_tuner")).arg("match").arg(&path).output().expect("run tuner");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let log = std::fs::read_to_string(dir.join("engines.log")).expect("the engine log");
    let told = log.lines().filter(|l| l.ends_with("> setoption name UCI_Opponent value none 1300 human weak-human"));
    assert_eq!(told.count(), 2, "once before each game: {log}");
    let _ = std::fs::remove_dir_all(&dir);
}
