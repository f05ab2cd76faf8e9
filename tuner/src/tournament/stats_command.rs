//! `tuner stats`: the standalone calculator. W/D/L or pentanomial counts in;
//! Elo, normalized Elo, LOS, draw ratio and optionally the GSPRT out.

use clap::{Args, ValueEnum};
use matches::stats::why_elo_undefined;
use matches::stats::{estimate, sprt, EloEstimate, Pentanomial, Sample, SprtConfig, SprtModel, Trinomial};

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum ModelArg {
    Normalized,
    Logistic,
}

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("counts").required(true).args(["wdl", "penta"])))]
pub struct StatsArgs {
    /// Game counts: wins,draws,losses
    #[arg(long, value_name = "W,D,L")]
    pub wdl: Option<String>,
    /// Game-pair counts: LL,LD,WL+DD,WD,WW
    #[arg(long, value_name = "LL,LD,WL+DD,WD,WW")]
    pub penta: Option<String>,
    /// GSPRT bounds in Elo, with optional alpha and beta (default 0.05 each)
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]", allow_hyphen_values = true)]
    pub sprt: Option<String>,
    /// Elo model of the SPRT bounds
    #[arg(long, value_enum, default_value = "normalized")]
    pub model: ModelArg,
    /// Print one JSON object (LOS and draw ratio in percent)
    #[arg(long)]
    pub json: bool,
}

fn numbers<T: std::str::FromStr>(flag: &str, text: &str, counts: &[usize]) -> Result<Vec<T>, String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if !counts.contains(&parts.len()) {
        let expected: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
        return Err(format!("--{flag} needs {} comma-separated numbers, got '{text}'", expected.join(" or ")));
    }
    parts
        .iter()
        .map(|part| part.parse::<T>().map_err(|_| format!("--{flag}: '{part}' is not a valid number")))
        .collect()
}

fn sample(args: &StatsArgs) -> Result<Sample, String> {
    match (&args.wdl, &args.penta) {
        (Some(text), _) => {
            let n: Vec<u64> = numbers("wdl", text, &[3])?;
            Ok(Sample::Trinomial(Trinomial { wins: n[0], draws: n[1], losses: n[2] }))
        }
        (None, Some(text)) => {
            let n: Vec<u64> = numbers("penta", text, &[5])?;
            Ok(Sample::Pentanomial(Pentanomial { ll: n[0], ld: n[1], dd_wl: n[2], wd: n[3], ww: n[4] }))
        }
        (None, None) => Err("give --wdl W,D,L or --penta LL,LD,WL+DD,WD,WW".into()),
    }
}

fn sprt_config(args: &StatsArgs) -> Result<Option<SprtConfig>, String> {
    let Some(text) = &args.sprt else { return Ok(None) };
    let n: Vec<f64> = numbers("sprt", text, &[2, 4])?;
    let model = match args.model {
        ModelArg::Normalized => SprtModel::Normalized,
        ModelArg::Logistic => SprtModel::Logistic,
    };
    let config = SprtConfig {
        elo0: n[0],
        elo1: n[1],
        alpha: n.get(2).copied().unwrap_or(0.05),
        beta: n.get(3).copied().unwrap_or(0.05),
        model,
    };
    config.validate()?;
    Ok(Some(config))
}

/// Four decimals, as the text output shows.
fn round4(value: f64) -> f64 {
    (value * 10_000.0).round() / 10_000.0
}

fn undefined_nelo(e: &EloEstimate) -> Option<&'static str> {
    let varies = e.nelo_error.is_finite() && e.nelo_error > 0.0 && e.nelo.is_finite();
    (!varies).then_some("the results do not vary, and nElo divides by their spread")
}

/// Runs the calculator; returns the text to print.
pub fn run_stats(args: &StatsArgs) -> Result<String, String> {
    let sample = sample(args)?;
    let config = sprt_config(args)?;
    let e = estimate(&sample).ok_or("the counts add up to no games")?;
    let test = config.map(|c| sprt(&sample, &c));
    if args.json {
        let elo_note = why_elo_undefined(&e);
        let nelo_note = undefined_nelo(&e);
        // JSON has no infinity: an undefined value is null, with the reason.
        let value = |x: f64, undefined: bool| if undefined || !x.is_finite() { None } else { Some(round4(x)) };
        let mut fields = serde_json::json!({
            "elo": value(e.elo, elo_note.is_some()),
            "elo_error": value(e.elo_error, elo_note.is_some()),
            "nelo": value(e.nelo, nelo_note.is_some()),
            "nelo_error": value(e.nelo_error, nelo_note.is_some()),
            "los": value(100.0 * e.los, false),
            "draw_ratio": value(100.0 * e.draw_ratio, false),
        });
        for (key, note) in [("elo_undefined", elo_note), ("nelo_undefined", nelo_note)] {
            if let Some(reason) = note {
                fields[key] = reason.into();
            }
        }
        if let Some(t) = test {
            fields["llr"] = value(t.llr, false).into();
            fields["lower_bound"] = value(t.lower_bound, false).into();
            fields["upper_bound"] = value(t.upper_bound, false).into();
        }
        return Ok(fields.to_string());
    }
    let elo = match why_elo_undefined(&e) {
        Some(reason) => format!("Elo: undefined ({reason})"),
        // Adding 0.0 turns a negative zero into a plain one.
        None => format!("Elo: {:.2} +/- {:.2}", e.elo + 0.0, e.elo_error),
    };
    let nelo = match undefined_nelo(&e) {
        Some(reason) => format!("nElo: undefined ({reason})"),
        None => format!("nElo: {:.2} +/- {:.2}", e.nelo, e.nelo_error),
    };
    let mut out = format!(
        "{elo}, {nelo}\nLOS: {:.2} %, DrawRatio: {:.2} %, Score: {:.4}",
        100.0 * e.los,
        100.0 * e.draw_ratio,
        e.score
    );
    if let Some(t) = test {
        let verdict = match t.decision {
            Some(matches::stats::SprtDecision::AcceptH1) => "H1 accepted",
            Some(matches::stats::SprtDecision::AcceptH0) => "H0 accepted",
            None => "continue",
        };
        out += &format!("\nLLR: {:.2} ({:.2}, {:.2}) {verdict}", t.llr, t.lower_bound, t.upper_bound);
    }
    Ok(out)
}
