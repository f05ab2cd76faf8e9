//! Statistics against worked examples computed independently (a plain
//! Python transcription of the published fastchess/fishtest formulas, see
//! docs/statistics.md). Agreement required: 0.01 Elo, 0.001 LLR.

use matches::stats::{estimate, sprt, Pentanomial, Sample, SprtConfig, SprtDecision, SprtModel, Trinomial};

fn tri(losses: u64, draws: u64, wins: u64) -> Sample {
    Sample::Trinomial(Trinomial { wins, draws, losses })
}

fn penta(ll: u64, ld: u64, dd_wl: u64, wd: u64, ww: u64) -> Sample {
    Sample::Pentanomial(Pentanomial { ll, ld, dd_wl, wd, ww })
}

fn close(actual: f64, expected: f64, tolerance: f64, what: &str) {
    assert!((actual - expected).abs() <= tolerance, "{what}: {actual} vs {expected}");
}

/// (sample, elo, error, nelo, nelo error, los, draw ratio)
fn estimate_cases() -> Vec<(Sample, [f64; 6])> {
    vec![
        (tri(80, 200, 120), [34.86007, 24.114195, 49.633655, 34.048062, 0.997661, 0.5]),
        (penta(10, 30, 100, 40, 20), [26.106693, 23.353317, 38.264285, 34.048062, 0.986191, 0.5]),
        (penta(0, 5, 30, 8, 0), [12.124766, 28.416481, 31.426731, 73.429938, 0.799218, 0.697674]),
        (tri(1000, 2000, 1050), [4.289546, 7.614031, 6.029833, 10.700273, 0.865272, 0.493827]),
    ]
}

#[test]
fn elo_nelo_los_and_draw_ratio_match_the_worked_examples() {
    for (sample, [elo, error, nelo, nelo_error, los, draw_ratio]) in estimate_cases() {
        let e = estimate(&sample).expect("games played");
        close(e.elo, elo, 0.01, "elo");
        close(e.elo_error, error, 0.01, "elo error");
        close(e.nelo, nelo, 0.01, "nelo");
        close(e.nelo_error, nelo_error, 0.01, "nelo error");
        close(e.los, los, 1e-5, "los");
        close(e.draw_ratio, draw_ratio, 1e-6, "draw ratio");
    }
}

#[test]
fn gsprt_matches_the_worked_examples() {
    // (sample, model, elo0, elo1, llr)
    let cases = [
        (tri(80, 200, 120), SprtModel::Normalized, 0.0, 2.0, 0.31904),
        (tri(80, 200, 120), SprtModel::Logistic, 0.0, 5.0, 1.069888),
        (tri(80, 200, 120), SprtModel::Normalized, -3.0, 1.0, 0.664455),
        (penta(10, 30, 100, 40, 20), SprtModel::Normalized, 0.0, 2.0, 0.244375),
        (penta(10, 30, 100, 40, 20), SprtModel::Logistic, 0.0, 5.0, 0.827331),
        (penta(10, 30, 100, 40, 20), SprtModel::Normalized, -3.0, 1.0, 0.514927),
        // Empty cells are regularized as fastchess does.
        (penta(0, 5, 30, 8, 0), SprtModel::Normalized, 0.0, 2.0, 0.042991),
        (penta(0, 5, 30, 8, 0), SprtModel::Logistic, 0.0, 5.0, 0.227906),
        (tri(1000, 2000, 1050), SprtModel::Normalized, 0.0, 2.0, 0.337456),
        (tri(1000, 2000, 1050), SprtModel::Logistic, 0.0, 5.0, 0.593089),
        (tri(1000, 2000, 1050), SprtModel::Normalized, -3.0, 1.0, 0.943295),
    ];
    for (sample, model, elo0, elo1, llr) in cases {
        let config = SprtConfig { elo0, elo1, alpha: 0.05, beta: 0.05, model };
        let result = sprt(&sample, &config);
        close(result.llr, llr, 1e-3, &format!("{sample:?} {model:?} [{elo0}, {elo1}]"));
        close(result.lower_bound, -2.944439, 1e-6, "lower bound");
        close(result.upper_bound, 2.944439, 1e-6, "upper bound");
        assert_eq!(result.decision, None);
    }
}

#[test]
fn sprt_decides_at_the_bounds() {
    let config = SprtConfig { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, model: SprtModel::Normalized };
    let winning = sprt(&penta(100, 300, 1000, 500, 200), &config);
    assert_eq!(winning.decision, Some(SprtDecision::AcceptH1), "{winning:?}");
    let losing = sprt(&penta(200, 500, 1000, 300, 100), &config);
    assert_eq!(losing.decision, Some(SprtDecision::AcceptH0), "{losing:?}");
}

#[test]
fn degenerate_samples_do_not_break() {
    assert!(estimate(&tri(0, 0, 0)).is_none());
    let config = SprtConfig { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, model: SprtModel::Logistic };
    assert_eq!(sprt(&tri(0, 0, 0), &config).llr, 0.0);
    // All draws: zero variance, Elo 0, no NaN anywhere.
    let draws = estimate(&tri(0, 50, 0)).expect("games");
    assert_eq!(draws.elo, 0.0);
    assert!(draws.los.is_finite() && draws.nelo.is_finite());
    let all_draws_llr = sprt(&tri(0, 50, 0), &config).llr;
    assert!(all_draws_llr.is_finite());
    assert!(SprtConfig { elo0: 5.0, elo1: 0.0, ..config }.validate().is_err());
    assert!(SprtConfig { alpha: 0.0, ..config }.validate().is_err());
    assert!(config.validate().is_ok());
}
