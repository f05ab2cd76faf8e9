//! `tuner fit extract` and `tuner fit run` through the real binary, on a
//! handful of games: extraction, a fit whose options file the engine
//! accepts, resuming, and bad input named.

use std::path::{Path, PathBuf};
use std::process::Command;

fn tuner(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_tuner")).args(args).output().expect("run tuner");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("trappy-fit-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Four short decisive or drawn games: White wins the first two, Black
/// the third, the fourth is drawn.
const GAMES: &str = "\
[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Na5 6. Bb5+ c6 7. dxc6 bxc6 8. Be2 h6 1-0\n\n\
[Result \"1-0\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. cxd5 exd5 1-0\n\n\
[Result \"0-1\"]\n\n1. f3 e5 2. g4 d6 3. h3 Nf6 4. a3 Be7 5. b3 O-O 6. c3 c5 7. d3 Nc6 8. e3 d5 0-1\n\n\
[Result \"1/2-1/2\"]\n\n1. c4 c5 2. Nc3 Nc6 3. g3 g6 4. Bg2 Bg7 5. Nf3 Nf6 6. O-O O-O 1/2-1/2\n";

fn positions_file(dir: &Path) -> PathBuf {
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, GAMES).expect("write pgn");
    let set = dir.join("set.txt");
    let (code, out, err) = tuner(&[
        "fit",
        "extract",
        pgn.to_str().expect("utf-8"),
        "-o",
        set.to_str().expect("utf-8"),
        "--skip-plies",
        "4",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("from 4 games"), "{out}");
    set
}

#[test]
fn a_fit_writes_an_options_file_the_engine_reads_and_reports_errors() {
    let dir = scratch("run");
    let set = positions_file(&dir);
    let text = std::fs::read_to_string(&set).expect("set");
    assert!(text.lines().filter(|l| !l.starts_with('#')).all(|l| l.split('|').count() == 3), "{text}");
    let fitted = dir.join("fitted.toml");
    let args = [
        "fit",
        "run",
        set.to_str().expect("utf-8"),
        "-o",
        fitted.to_str().expect("utf-8"),
        "--epochs",
        "60",
        "--holdout-every",
        "2",
        "--threads",
        "2",
    ];
    let (code, out, err) = tuner(&args);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("training error") && out.contains("held-out error"), "{out}");
    let options = std::fs::read_to_string(&fitted).expect("options file");
    assert!(options.contains("[options]") && options.contains("Pst"), "{options}");
    let mut tunables = engine::tunables::Tunables::default();
    tunables.apply_options_toml(&options).expect("the engine accepts the fitted file");
    assert_ne!(tunables, engine::tunables::Tunables::default());
    // The training error falls: the fit learned from the games.
    let errors: Vec<f64> = out
        .split("training error ")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .map(|pair| pair.split(" -> ").filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_default();
    assert!(errors.len() == 2 && errors[1] < errors[0], "{out}");

    // Resuming a finished run changes nothing; more epochs continue it.
    let (code, again, err) = tuner(&[&args[..], &["--resume"]].concat());
    assert_eq!(code, 0, "{again}{err}");
    assert_eq!(std::fs::read_to_string(&fitted).expect("options"), options);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_is_named() {
    let dir = scratch("bad");
    let set = dir.join("bad.txt");
    std::fs::write(&set, "not a fen | 1.0 | 0\n").expect("write");
    let out = dir.join("out.toml");
    let (code, _, err) = tuner(&["fit", "run", set.to_str().expect("utf-8"), "-o", out.to_str().expect("utf-8")]);
    assert_ne!(code, 0);
    assert!(err.contains("bad.txt line 1") && err.contains("bad FEN"), "{err}");
    let (code, _, err) = tuner(&["fit", "extract", "/nonexistent/games.pgn", "-o", out.to_str().expect("utf-8")]);
    assert_ne!(code, 0);
    assert!(err.contains("/nonexistent/games.pgn"), "{err}");
    let good = positions_file(&dir);
    let (code, _, err) =
        tuner(&["fit", "run", good.to_str().expect("utf-8"), "-o", out.to_str().expect("utf-8"), "--blend", "0.5"]);
    assert_ne!(code, 0);
    assert!(err.contains("--blend below 1 needs a score"), "{err}");
    let (code, _, err) = tuner(&[
        "fit",
        "run",
        good.to_str().expect("utf-8"),
        "-o",
        out.to_str().expect("utf-8"),
        "--resume",
        "--state",
        "/nonexistent/state.json",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("/nonexistent/state.json"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
