//! `tuner stats` through the real binary.

use std::process::Command;

fn tuner(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_tuner")).args(args).output().expect("run tuner");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn json_field(json: &str, key: &str) -> f64 {
    let start = json.find(&format!("\"{key}\":")).unwrap_or_else(|| panic!("no {key} in {json}")) + key.len() + 3;
    let rest = &json[start..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end].parse().unwrap_or_else(|_| panic!("{key} in {json}"))
}

#[test]
fn json_output_has_every_key_with_the_worked_values() {
    let (code, out, _) = tuner(&["stats", "--penta", "10,30,100,40,20", "--sprt", "0,2", "--json"]);
    assert_eq!(code, 0);
    assert!((json_field(&out, "elo") - 26.1067).abs() < 0.01);
    assert!((json_field(&out, "elo_error") - 23.3533).abs() < 0.01);
    assert!((json_field(&out, "nelo") - 38.2643).abs() < 0.01);
    assert!((json_field(&out, "nelo_error") - 34.0481).abs() < 0.01);
    assert!((json_field(&out, "los") - 98.6191).abs() < 0.01);
    assert!((json_field(&out, "draw_ratio") - 50.0).abs() < 0.01);
    assert!((json_field(&out, "llr") - 0.2444).abs() < 0.001);
    assert!((json_field(&out, "lower_bound") + 2.9444).abs() < 0.001);
    assert!((json_field(&out, "upper_bound") - 2.9444).abs() < 0.001);
}

#[test]
fn logistic_model_and_custom_alpha_beta() {
    let (code, out, _) =
        tuner(&["stats", "--wdl", "120,200,80", "--sprt", "0,5,0.1,0.1", "--model", "logistic", "--json"]);
    assert_eq!(code, 0);
    assert!((json_field(&out, "llr") - 1.0699).abs() < 0.001);
    assert!((json_field(&out, "upper_bound") - (0.9f64 / 0.1).ln()).abs() < 0.001);
}

#[test]
fn bad_input_exits_2_with_a_message_naming_it() {
    for args in [
        vec!["stats", "--wdl", "1,2"],
        vec!["stats", "--wdl", "1,x,3"],
        vec!["stats", "--penta", "1,2,3,4"],
        vec!["stats", "--wdl", "0,0,0"],
        vec!["stats", "--wdl", "5,5,5", "--sprt", "5,0"],
        vec!["stats", "--wdl", "5,5,5", "--sprt", "0,5,1.5,0.05"],
    ] {
        let (code, _, err) = tuner(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
    }
    // Neither --wdl nor --penta: clap's own usage error, also status 2.
    assert_eq!(tuner(&["stats"]).0, 2);
}

#[test]
fn an_undefined_elo_is_reported_as_such_never_as_inf_or_nan() {
    for (counts, reason) in [("10,0,0", "every game was won"), ("0,0,7", "every game was lost")] {
        let (code, out, _) = tuner(&["stats", "--wdl", counts]);
        assert_eq!(code, 0);
        assert!(out.contains("Elo: undefined") && out.contains(reason), "{out}");
        assert!(out.contains("nElo: undefined"), "{out}");
        assert!(!out.contains("inf") && !out.contains("NaN"), "{out}");
        let (code, json, _) = tuner(&["stats", "--wdl", counts, "--json"]);
        assert_eq!(code, 0);
        assert!(json.contains("\"elo\":null") && json.contains("\"nelo\":null"), "{json}");
        assert!(json.contains(&format!("\"elo_undefined\":\"{reason}")), "{json}");
    }
    // All draws: an Elo of exactly 0, but no spread for nElo.
    let (_, out, _) = tuner(&["stats", "--wdl", "0,5,0"]);
    assert!(out.starts_with("Elo: 0.00 +/- 0.00, nElo: undefined (the results do not vary"), "{out}");
}

#[test]
fn a_negative_lower_bound_needs_no_equals_sign() {
    let (code, out, err) = tuner(&["stats", "--penta", "8,24,43,28,11", "--sprt", "-5,0", "--model", "logistic"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("LLR: "), "{out}");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // `tuner ... | head`: the reader is gone before anything is written.
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let output = Command::new(env!("CARGO_BIN_EXE_tuner"))
        .args(["stats", "--penta", "10,30,100,40,20"])
        .stdout(writer)
        .output()
        .expect("run tuner");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}
