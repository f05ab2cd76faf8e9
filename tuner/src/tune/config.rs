//! `tuner tune` configuration in TOML: the engine being tuned, the
//! parameters with their SPSA settings, the opponent pool, openings and
//! adjudication. Errors name the key or file; paths are relative to the
//! config file.

use crate::config::adjudication_section::{build_settings, AdjudicationSection};
use crate::config::engine_section::{
    build_entrant, engine_tunables, index_engines, relative, EngineSection, OptionValue,
};
use crate::config::openings_section::{build_openings, OpeningsSection};
use crate::tune::spsa::{Schedule, SpsaParam};
use engine::tunables::{Tunables, TUNABLE_SPECS};
use matches::game::GameSettings;
use matches::odds::Odds;
use matches::openings::Opening;
use matches::tournament::Entrant;
use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct TuneConfig {
    pub tune: TuneSection,
    pub openings: OpeningsSection,
    #[serde(default)]
    pub adjudication: AdjudicationSection,
    /// The engine being tuned (its fixed options and its limit).
    pub candidate: EngineSection,
    #[serde(rename = "param")]
    pub params: Vec<ParamSection>,
    #[serde(rename = "opponent")]
    pub opponents: Vec<EngineSection>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct TuneSection {
    pub iterations: usize,
    /// Game pairs per opponent that θ+ and θ− each play per iteration.
    #[serde(default = "one")]
    pub pairs: usize,
    #[serde(default)]
    pub seed: u64,
    pub concurrency: Option<usize>,
    /// Where the run keeps its state (and each iteration's journal beside it).
    pub state: PathBuf,
    /// The tuned options file.
    pub output: PathBuf,
    pub csv: PathBuf,
    pub svg: PathBuf,
    #[serde(default = "default_alpha")]
    pub alpha: f64,
    #[serde(default = "default_gamma")]
    pub gamma: f64,
    #[serde(default = "default_a_ratio")]
    pub a_ratio: f64,
}

fn one() -> usize {
    1
}
fn default_alpha() -> f64 {
    Schedule::openbench(1).alpha
}
fn default_gamma() -> f64 {
    Schedule::openbench(1).gamma
}
fn default_a_ratio() -> f64 {
    Schedule::openbench(1).a_ratio
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ParamSection {
    pub name: String,
    /// Defaults: the candidate's value, the table's range and step, 0.002.
    pub start: Option<f64>,
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub c_end: Option<f64>,
    pub r_end: Option<f64>,
}

/// Everything a tuning run needs, checked.
pub struct TunePlan {
    pub schedule: Schedule,
    pub pairs: usize,
    pub seed: u64,
    pub concurrency: usize,
    pub state: PathBuf,
    pub output: PathBuf,
    pub csv: PathBuf,
    pub svg: PathBuf,
    pub candidate: EngineSection,
    pub base: PathBuf,
    /// The candidate's tunables before tuning (options file and options).
    pub base_tunables: Tunables,
    pub params: Vec<SpsaParam>,
    pub opponents: Vec<Entrant>,
    pub openings: Vec<Opening>,
    /// Who starts a piece short: entrants 0 and 1 are θ+ and θ−, the
    /// opponents follow.
    pub odds: Option<Odds>,
    /// What the report says of the odds.
    pub odds_note: Option<String>,
    pub settings: GameSettings,
}

impl TunePlan {
    /// The candidate at `values` (one per parameter, in order).
    pub fn candidate_at(&self, name: &str, values: &[f64]) -> Result<Entrant, String> {
        let mut section = self.candidate.clone();
        section.name = name.to_string();
        for (param, value) in self.params.iter().zip(values) {
            section.options.insert(param.name.clone(), OptionValue::Number(value.round() as i64));
        }
        build_entrant(&section, &self.base)
    }

    /// The candidate's tunables at `values`, for the tuned options file.
    pub fn tunables_at(&self, values: &[f64]) -> Tunables {
        let mut tunables = self.base_tunables.clone();
        for (param, value) in self.params.iter().zip(values) {
            // In range by construction: SPSA clamps to the table's range.
            let _ = tunables.set(&param.name, value.round() as i64);
        }
        tunables
    }
}

pub fn load_tune_config(path: &Path) -> Result<TunePlan, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read config {}: {e}", path.display()))?;
    let base = path.parent().unwrap_or(Path::new("."));
    parse_tune_config(&text, base).map_err(|e| format!("{}: {e}", path.display()))
}

pub fn parse_tune_config(text: &str, base: &Path) -> Result<TunePlan, String> {
    let config: TuneConfig = toml::from_str(text).map_err(|e| e.to_string())?;
    let tune = &config.tune;
    if tune.iterations == 0 || tune.pairs == 0 {
        return Err("tune.iterations and tune.pairs must be at least 1".into());
    }
    if !(tune.alpha > 0.0 && tune.gamma > 0.0 && tune.a_ratio >= 0.0) {
        return Err("tune.alpha and tune.gamma must be positive, tune.a_ratio not negative".into());
    }
    if config.opponents.is_empty() {
        return Err("[[opponent]]: the pool needs at least one opponent".into());
    }
    index_engines(&config.opponents)?;
    if config.params.is_empty() {
        return Err("[[param]]: nothing to tune".into());
    }
    // The candidate as configured, before tuning: this checks its options too.
    build_entrant(&config.candidate, base).map_err(|e| format!("candidate: {e}"))?;
    let base_tunables = engine_tunables(&config.candidate, base).map_err(|e| format!("candidate: {e}"))?;
    let mut params = Vec::new();
    for section in &config.params {
        let key = |field: &str| format!("param '{}': {field}", section.name);
        let index = Tunables::index_of(&section.name).ok_or_else(|| key("no such tunable"))?;
        let spec = TUNABLE_SPECS[index];
        if params.iter().any(|p: &SpsaParam| p.name == spec.name) {
            return Err(key("listed twice"));
        }
        if let Some(choices) = engine::tunables::choices_of(spec.name) {
            return Err(key(&format!(
                "a choice ({}), not a quantity: SPSA cannot tune it; compare the choices in a match",
                choices.join(", ")
            )));
        }
        let min = section.min.unwrap_or(spec.min as f64);
        let max = section.max.unwrap_or(spec.max as f64);
        if min < spec.min as f64 || max > spec.max as f64 || min >= max {
            return Err(key(&format!("min and max must satisfy {} <= min < max <= {}", spec.min, spec.max)));
        }
        let start = section.start.unwrap_or(base_tunables.get(spec.name).unwrap_or(spec.default) as f64);
        if !(min..=max).contains(&start) {
            return Err(key(&format!("start {start} is outside [{min}, {max}]")));
        }
        let c_end = section.c_end.unwrap_or(spec.step as f64);
        let r_end = section.r_end.unwrap_or(0.002);
        if !(c_end > 0.0 && r_end > 0.0 && c_end.is_finite() && r_end.is_finite()) {
            return Err(key("c_end and r_end must be positive"));
        }
        params.push(SpsaParam { name: spec.name.to_string(), value: start, min, max, c_end, r_end, integer: true });
    }
    let opponents =
        config.opponents.iter().map(|engine| build_entrant(engine, base)).collect::<Result<Vec<_>, String>>()?;
    let mut openings = build_openings(&config.openings, base)?;
    let (mut odds, mut odds_note) = (None, None);
    if let Some(section) = &config.openings.odds {
        let seats = |name: &str| {
            if name == config.candidate.name {
                Some(vec![0, 1])
            } else {
                config.opponents.iter().position(|o| o.name == name).map(|index| vec![2 + index])
            }
        };
        let with_odds = section.apply(openings, seats)?;
        (openings, odds, odds_note) = (with_odds.openings, Some(with_odds.odds), Some(with_odds.note));
    }
    let cores = crate::support::parallel::thread_count(None);
    Ok(TunePlan {
        schedule: Schedule { iterations: tune.iterations, alpha: tune.alpha, gamma: tune.gamma, a_ratio: tune.a_ratio },
        pairs: tune.pairs,
        seed: tune.seed,
        concurrency: tune.concurrency.unwrap_or(cores).max(1),
        state: relative(base, &tune.state),
        output: relative(base, &tune.output),
        csv: relative(base, &tune.csv),
        svg: relative(base, &tune.svg),
        candidate: config.candidate.clone(),
        base: base.to_path_buf(),
        base_tunables,
        params,
        opponents,
        openings,
        odds,
        odds_note,
        settings: build_settings(&config.adjudication),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_option_is_no_spsa_parameter() {
        let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs");
        let example = std::fs::read_to_string(base.join("example-spsa.toml")).expect("the example");
        assert!(parse_tune_config(&example, &base).is_ok());
        let text = format!("{example}\n[[param]]\nname = \"Traps\"\n");
        let error = parse_tune_config(&text, &base).err().expect("refused");
        assert!(error.contains("Traps") && error.contains("choice"), "{error}");
    }
}
