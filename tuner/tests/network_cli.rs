//! The network pipeline through the real binaries: `tuner datagen` writes
//! self-play data and resumes it to the same file, `tuner train` learns
//! from it and writes a network, a match plays with that network in
//! process, and bad inputs end with exit 2 and a reason.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn temp_dir(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tuner-network-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn tuner(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tuner")).args(args).current_dir(dir).output().expect("run tuner")
}

/// A one-pair match config in `dir` between an engine with the
/// evaluation `network` and one with the classical evaluation.
fn write_match(dir: &Path, network: &str) {
    let config = format!(
        "[tournament]\nkind = \"head-to-head\"\npairs = 1\njournal = \"j.jsonl\"\n\
         [openings]\nfile = \"builtin\"\n\
         [[engine]]\nname = \"network\"\ndepth = 2\neval_file = \"{network}\"\n\
         [[engine]]\nname = \"classical\"\ndepth = 2\neval_file = \"classical\"\n"
    );
    std::fs::write(dir.join("m.toml"), config).expect("config");
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

#[test]
fn datagen_resumes_to_the_same_data_and_train_writes_a_playable_network() {
    let dir = temp_dir("pipeline");
    let datagen = |games: &str, file: &str, resume: bool| {
        let mut args = vec!["datagen", "-o", file, "--games", games, "--nodes", "300", "--threads", "2"];
        if resume {
            args.push("--resume");
        }
        tuner(&args, &dir)
    };
    let whole = datagen("12", "whole.txt", false);
    assert!(whole.status.success(), "{}", text(&whole));
    let first_half = datagen("6", "halves.txt", false);
    assert!(first_half.status.success(), "{}", text(&first_half));
    let refused = datagen("12", "halves.txt", false);
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused).contains("--resume"), "{}", text(&refused));
    let second_half = datagen("12", "halves.txt", true);
    assert!(second_half.status.success(), "{}", text(&second_half));
    assert!(text(&second_half).contains("holds 12 games"), "{}", text(&second_half));

    // Games are seeded by their number: the same lines, in another order.
    let sorted_lines = |file: &str| {
        let content = std::fs::read_to_string(dir.join(file)).expect("data");
        let mut lines: Vec<String> = content.lines().map(str::to_string).collect();
        lines.sort();
        lines
    };
    let whole_lines = sorted_lines("whole.txt");
    assert_eq!(whole_lines, sorted_lines("halves.txt"));
    let positions = whole_lines.iter().filter(|l| !l.starts_with('#')).count();
    assert!(positions > 100, "only {positions} positions");

    let trained = tuner(
        &["train", "whole.txt", "-o", "net.nnue", "--epochs", "2", "--batch", "256", "--holdout-every", "3"],
        &dir,
    );
    assert!(trained.status.success(), "{}", text(&trained));
    assert!(text(&trained).contains("epoch 2: training loss"), "{}", text(&trained));
    assert!(dir.join("net.nnue.svg").exists() && dir.join("net.nnue.checkpoint.json").exists());

    let resumed = tuner(
        &[
            "train",
            "whole.txt",
            "-o",
            "net.nnue",
            "--epochs",
            "3",
            "--batch",
            "256",
            "--holdout-every",
            "3",
            "--resume",
        ],
        &dir,
    );
    assert!(!resumed.status.success(), "another epoch count is another run: {}", text(&resumed));
    assert!(text(&resumed).contains("another run"), "{}", text(&resumed));

    // A new generation starts from the last network, not from random
    // weights: with a step too small to move a weight across a rounding
    // boundary, it writes back the network it started from.
    let standing_still = |init: Option<&str>, output: &str| {
        let mut args =
            vec!["train", "whole.txt", "-o", output, "--epochs", "1", "--batch", "256", "--holdout-every", "3"];
        args.extend(["--rate", "1e-9"]);
        if let Some(init) = init {
            args.extend(["--init", init]);
        }
        let run = tuner(&args, &dir);
        assert!(run.status.success(), "{}", text(&run));
        std::fs::read(dir.join(output)).expect("network written")
    };
    let first = std::fs::read(dir.join("net.nnue")).expect("network");
    assert_eq!(standing_still(Some("net.nnue"), "next.nnue"), first);
    assert_ne!(standing_still(None, "fresh.nnue"), first);
    // Resuming a run that started from a network needs that network again.
    let resume_next = |with_init: bool| {
        let mut args = vec!["train", "whole.txt", "-o", "next.nnue", "--epochs", "1", "--batch", "256"];
        args.extend(["--holdout-every", "3", "--rate", "1e-9", "--resume"]);
        if with_init {
            args.extend(["--init", "net.nnue"]);
        }
        tuner(&args, &dir)
    };
    assert!(text(&resume_next(false)).contains("another run"));
    let resumed_next = resume_next(true);
    assert!(resumed_next.status.success(), "{}", text(&resumed_next));
    let missing = tuner(&["train", "whole.txt", "-o", "x.nnue", "--init", "none.nnue"], &dir);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing).contains("cannot read network file none.nnue"), "{}", text(&missing));

    write_match(&dir, "net.nnue");
    let played = tuner(&["match", "m.toml"], &dir);
    assert!(played.status.success(), "{}", text(&played));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_data_and_bad_networks_are_named() {
    let dir = temp_dir("bad");
    std::fs::write(dir.join("bad.txt"), "8/8/8/8 w - - 0 1 | 10 | 0.5\n").expect("write");
    let bad_data = tuner(&["train", "bad.txt", "-o", "net.nnue"], &dir);
    assert_eq!(bad_data.status.code(), Some(2));
    assert!(text(&bad_data).contains("bad.txt line 1: bad FEN"), "{}", text(&bad_data));

    std::fs::write(dir.join("garbage.nnue"), "not a network").expect("write");
    write_match(&dir, "garbage.nnue");
    let refused = tuner(&["match", "m.toml"], &dir);
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused).contains("not a trappy network file"), "{}", text(&refused));

    let missing = Command::new(env!("CARGO_BIN_EXE_tuner"))
        .args(["datagen", "-o", "d.txt", "--eval-file", "missing.nnue"])
        .current_dir(&dir)
        .output()
        .expect("run tuner");
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing).contains("cannot read network file missing.nnue"), "{}", text(&missing));
    let _ = std::fs::remove_dir_all(&dir);
}
