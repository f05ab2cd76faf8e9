//! `tuner stats`: the standalone calculator. W/D/L or pentanomial counts in;
//! Elo, normalized Elo, LOS, draw ratio and optionally the GSPRT out.

use clap::{Args, ValueEnum};
use matches::stats::{estimate, sprt, Pentanomial, Sample, SprtConfig, SprtModel, Trinomial};

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
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]")]
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

/// JSON has no infinity: non-finite numbers become null.
fn json_number(value: f64) -> String {
    if value.is_finite() {
        format!("{value:.4}")
    } else {
        "null".into()
    }
}

/// Runs the calculator; returns the text to print.
pub fn run_stats(args: &StatsArgs) -> Result<String, String> {
    let sample = sample(args)?;
    let config = sprt_config(args)?;
    let e = estimate(&sample).ok_or("the counts add up to no games")?;
    let test = config.map(|c| sprt(&sample, &c));
    if args.json {
        let mut fields = vec![
            format!("\"elo\":{}", json_number(e.elo)),
            format!("\"elo_error\":{}", json_number(e.elo_error)),
            format!("\"nelo\":{}", json_number(e.nelo)),
            format!("\"nelo_error\":{}", json_number(e.nelo_error)),
            format!("\"los\":{}", json_number(100.0 * e.los)),
            format!("\"draw_ratio\":{}", json_number(100.0 * e.draw_ratio)),
        ];
        if let Some(t) = test {
            fields.push(format!("\"llr\":{}", json_number(t.llr)));
            fields.push(format!("\"lower_bound\":{}", json_number(t.lower_bound)));
            fields.push(format!("\"upper_bound\":{}", json_number(t.upper_bound)));
        }
        return Ok(format!("{{{}}}", fields.join(",")));
    }
    let mut out = format!(
        "Elo: {:.2} +/- {:.2}, nElo: {:.2} +/- {:.2}\nLOS: {:.2} %, DrawRatio: {:.2} %, Score: {:.4}",
        e.elo,
        e.elo_error,
        e.nelo,
        e.nelo_error,
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
