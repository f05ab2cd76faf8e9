//! `tuner match --bench` through the real binaries: the same games in
//! process and over UCI, and a report with both ratios.

use std::process::Command;

#[test]
fn bench_plays_the_same_games_in_process_and_over_uci() {
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/openings/8moves_v3-2000.pgn");
    let engine = std::path::Path::new(env!("CARGO_BIN_EXE_tuner")).with_file_name("trappy");
    assert!(engine.is_file(), "{} is built by `cargo test --workspace`", engine.display());
    let output = Command::new(env!("CARGO_BIN_EXE_tuner"))
        .args(["match", "--bench", "--bench-pairs", "1", "--bench-openings", openings])
        .output()
        .expect("run tuner");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(stdout.matches("2 games in").count(), 4, "{stdout}");
    assert!(stdout.contains("scaling 2 vs 1: in-process"), "{stdout}");
    assert!(stdout.contains("in-process / external: concurrency 1"), "{stdout}");
    assert!(stdout.contains("results identical: yes"), "{stdout}");
}

#[test]
fn bench_without_an_engine_binary_says_how_to_build_it() {
    let output = Command::new(env!("CARGO_BIN_EXE_tuner"))
        .args(["match", "--bench", "--bench-engine", "/nonexistent/trappy"])
        .output()
        .expect("run tuner");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/nonexistent/trappy") && stderr.contains("cargo build"), "{stderr}");
}
