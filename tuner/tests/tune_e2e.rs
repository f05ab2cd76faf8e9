//! `tuner tune` end to end through the real binary: a short SPSA run of two
//! trap parameters against a two-engine pool, killed part way and resumed,
//! must end exactly where an uninterrupted run ends (fixed-depth games are
//! deterministic), with every output written. The kill comes from the
//! run itself at a fixed iteration (`--die-after`), not from a timer, so
//! the test does not depend on how fast the machine is.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const ITERATIONS: usize = 6;

fn write_config(dir: &Path) -> PathBuf {
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/openings/8moves_v3-2000.pgn");
    let text = format!(
        r#"
[tune]
iterations = {ITERATIONS}
pairs = 1
seed = 3
concurrency = 2
state = "out/state.toml"
output = "out/tuned.toml"
csv = "out/trajectory.csv"
svg = "out/trajectory.svg"

[openings]
file = "{openings}"
order = "random"
seed = 4

[adjudication]
max_moves = 100
resign = {{ score = 800, moves = 3 }}

[candidate]
name = "trappy"
depth = 5

[[param]]
name = "TrapProfitCap"
c_end = 10
r_end = 0.2

[[param]]
name = "TrapTrust"
c_end = 20
r_end = 0.05

[[opponent]]
name = "shallow"
depth = 3
options = {{ Traps = "off" }}

[[opponent]]
name = "softmax"
depth = 4
options = {{ Traps = "off", WeakTopK = 3, WeakTemperature = 60, WeakSeed = 2 }}
"#
    );
    std::fs::create_dir_all(dir).expect("temp dir");
    let path = dir.join("tune.toml");
    std::fs::write(&path, text).expect("write config");
    path
}

fn tuner(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tuner")).args(args).output().expect("run tuner")
}

fn completed(state: &Path) -> usize {
    std::fs::read_to_string(state)
        .ok()
        .and_then(|text| text.lines().find_map(|l| l.strip_prefix("completed = ").map(|v| v.trim().parse().ok())))
        .flatten()
        .unwrap_or(0)
}

#[test]
fn a_killed_tune_resumes_to_the_same_end_as_an_uninterrupted_one() {
    let root = std::env::temp_dir().join(format!("tuner-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);

    let straight = write_config(&root.join("straight"));
    let output = tuner(&["tune", straight.to_str().expect("utf-8")]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let expected = std::fs::read_to_string(root.join("straight/out/state.toml")).expect("state");
    assert_eq!(completed(&root.join("straight/out/state.toml")), ITERATIONS);

    let killed = write_config(&root.join("killed"));
    let state = root.join("killed/out/state.toml");
    let died = tuner(&["tune", killed.to_str().expect("utf-8"), "--die-after", "2"]);
    assert_eq!(died.status.code(), Some(137), "{}", String::from_utf8_lossy(&died.stderr));
    assert_eq!(completed(&state), 2, "died after the second iteration");

    // Without --resume an existing state is refused, with it the run goes on.
    let refused = tuner(&["tune", killed.to_str().expect("utf-8")]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--resume"));
    let resumed = tuner(&["tune", killed.to_str().expect("utf-8"), "--resume"]);
    assert!(resumed.status.success(), "{}", String::from_utf8_lossy(&resumed.stderr));
    assert_eq!(std::fs::read_to_string(&state).expect("state"), expected, "resumed run diverged");

    // The outputs: an options file the engine accepts, a CSV row per
    // iteration plus the start, an SVG with a panel per parameter and the objective.
    let tuned = std::fs::read_to_string(root.join("killed/out/tuned.toml")).expect("tuned options");
    let mut tunables = engine::tunables::Tunables::default();
    tunables.apply_options_toml(&tuned).expect("the engine reads the tuned file");
    let csv = std::fs::read_to_string(root.join("killed/out/trajectory.csv")).expect("csv");
    assert_eq!(csv.lines().count(), ITERATIONS + 2, "{csv}");
    assert!(csv.starts_with("iteration,plus_points,minus_points,games,TrapProfitCap,TrapTrust\n"));
    let svg = std::fs::read_to_string(root.join("killed/out/trajectory.svg")).expect("svg");
    // One panel per parameter, in its own units, and one for the
    // objective (its smoothed line and one dot per iteration).
    assert_eq!(svg.matches("<polyline").count(), 3);
    assert!(svg.contains(">TrapProfitCap<") && svg.contains(">TrapTrust<"), "{svg}");
    assert!(svg.contains("θ+ − θ− points per iteration"));
    assert_eq!(svg.matches("<circle").count(), ITERATIONS);

    let openbench = tuner(&["tune", killed.to_str().expect("utf-8"), "--openbench"]);
    let lines = String::from_utf8_lossy(&openbench.stdout).into_owned();
    assert_eq!(lines.lines().count(), 2, "{lines}");
    assert!(lines.lines().all(|l| l.split(", ").count() == 7 && l.split(", ").nth(1) == Some("int")), "{lines}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_broken_tune_config_names_the_key() {
    let dir = std::env::temp_dir().join(format!("tuner-e2e-bad-{}", std::process::id()));
    let path = write_config(&dir);
    let text = std::fs::read_to_string(&path).expect("config");
    let cases = [
        (text.replace("name = \"TrapTrust\"", "name = \"NoSuchParam\""), "NoSuchParam"),
        (text.replace("iterations = 6", "iterations = \"six\""), "iterations"),
        (text.replace("c_end = 20", "c_end = -1"), "c_end"),
        (text.replace("[[opponent]]\nname = \"shallow\"", "[[opponent]]\nname = \"softmax\""), "twice"),
        // An opponent that cannot start stops the run before any game.
        (
            text.replace(
                "name = \"shallow\"\ndepth = 3\noptions = { Traps = \"off\" }",
                "name = \"ghost\"\nkind = \"uci\"\ncommand = \"/nonexistent/engine\"\ndepth = 3",
            ),
            "cannot start engine ghost (/nonexistent/engine): ",
        ),
    ];
    for (broken, expected) in cases {
        std::fs::write(&path, broken).expect("write");
        let output = tuner(&["tune", path.to_str().expect("utf-8")]);
        assert_eq!(output.status.code(), Some(2), "{expected}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{expected}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
