//! SIGINT and SIGTERM through the real binary: the run stops with exit 130,
//! prints the report of the games its journal holds and the command that
//! resumes, and the resumed run completes the schedule. `tuner report`
//! prints the same report from the journal alone. Nothing here depends on
//! timing: the signal is sent after the journal holds a game, and every
//! check compares what the journal holds with what was printed.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Games journaled: every line but the layout line.
fn journal_lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |text| text.lines().filter(|l| !l.starts_with("{\"layout\":")).count())
}

/// Starts `tuner match CONFIG [--resume]`, waits until the journal holds
/// more than `before` games, then sends `signal`.
fn interrupt_after_a_game(config: &Path, journal: &Path, resume: bool, signal: &str) -> (Child, usize) {
    let before = journal_lines(journal);
    let mut command = Command::new(env!("CARGO_BIN_EXE_tuner"));
    command.arg("match").arg(config).stdout(Stdio::piped()).stderr(Stdio::piped());
    if resume {
        command.arg("--resume");
    }
    let child = command.spawn().expect("start tuner");
    let deadline = Instant::now() + Duration::from_secs(300);
    while journal_lines(journal) <= before {
        assert!(Instant::now() < deadline, "no game was journaled");
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = Command::new("kill").arg(format!("-{signal}")).arg(child.id().to_string()).status().expect("kill");
    assert!(status.success());
    (child, before)
}

#[test]
fn an_interrupted_run_reports_and_resumes() {
    let dir = std::env::temp_dir().join(format!("tuner-interrupt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/openings/8moves_v3-2000.pgn");
    let config = dir.join("run.toml");
    std::fs::write(
        &config,
        format!(
            "[tournament]\nkind = \"head-to-head\"\npairs = 12\nconcurrency = 1\njournal = \"j.jsonl\"\n\
             [openings]\nfile = \"{openings}\"\n\
             [[engine]]\nname = \"trappy\"\ndepth = 5\n\
             [[engine]]\nname = \"plain\"\ndepth = 5\noptions = {{ Traps = \"off\" }}\n"
        ),
    )
    .expect("write config");
    let journal = dir.join("j.jsonl");
    let mut journaled = 0;
    for (resume, signal) in [(false, "INT"), (true, "TERM")] {
        let (child, before) = interrupt_after_a_game(&config, &journal, resume, signal);
        let output = child.wait_with_output().expect("tuner ends");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(130), "SIG{signal}: {stdout}\n{stderr}");
        assert!(stderr.contains("interrupted"), "{stderr}");
        let held = journal_lines(&journal);
        assert!(held > before && held < 24, "SIG{signal}: {held} games journaled");
        // Every line is whole, and the report counts exactly those games.
        let entries = matches_in(&journal);
        assert_eq!(entries, held);
        assert!(stdout.contains(&format!("({held} games)")), "{stdout}");
        assert!(stdout.contains("trappy vs plain: +"), "{stdout}");
        let resume_line = stdout.lines().find(|l| l.starts_with("resume with: ")).expect("resume line");
        assert!(resume_line.ends_with("--resume") && resume_line.contains("run.toml"), "{resume_line}");
        // `tuner report` prints the same report from the journal alone.
        let report = Command::new(env!("CARGO_BIN_EXE_tuner")).arg("report").arg(&journal).output().expect("report");
        assert_eq!(report.status.code(), Some(0));
        let report = String::from_utf8_lossy(&report.stdout);
        // The report starts at its title line; progress lines come before.
        let body = |text: &str| {
            let lines = text.lines().skip_while(|l| !l.ends_with(&format!("j.jsonl ({held} games)")));
            lines.skip(1).take_while(|l| !l.starts_with("resume")).collect::<Vec<_>>().join("\n")
        };
        assert!(!body(&report).is_empty());
        assert_eq!(body(&report), body(&stdout));
        journaled = held;
    }
    let finished = Command::new(env!("CARGO_BIN_EXE_tuner"))
        .arg("match")
        .arg(&config)
        .arg("--resume")
        .output()
        .expect("resume to the end");
    assert_eq!(finished.status.code(), Some(0), "{}", String::from_utf8_lossy(&finished.stderr));
    assert!(journaled < 24);
    assert_eq!(matches_in(&journal), 24);
    let stdout = String::from_utf8_lossy(&finished.stdout);
    assert!(stdout.contains("(24 games)"), "{stdout}");
    // The run's chart is beside the journal; `tuner report --chart` draws
    // the same from the journal alone.
    let chart = std::fs::read_to_string(dir.join("j.svg")).expect("chart");
    let again = dir.join("again.svg");
    let mut report = Command::new(env!("CARGO_BIN_EXE_tuner"));
    report.arg("report").arg(&journal).arg("--chart").arg(&again);
    assert_eq!(report.output().expect("report").status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&again).expect("chart again"), chart);
    let missing = Command::new(env!("CARGO_BIN_EXE_tuner")).args(["report", "/nonexistent/j.jsonl"]).output();
    let missing = missing.expect("report of a missing journal");
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent/j.jsonl"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Journal lines that are whole JSON objects with a game index, each game
/// once.
fn matches_in(journal: &Path) -> usize {
    let text = std::fs::read_to_string(journal).expect("journal");
    let mut games = std::collections::BTreeSet::new();
    for line in text.lines().skip(1) {
        let value: serde_json::Value = serde_json::from_str(line).expect("a whole JSON line");
        assert!(games.insert(value["game"].as_u64().expect("game index")), "game twice: {line}");
    }
    games.len()
}
