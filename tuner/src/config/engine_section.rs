//! The `[[engine]]` section shared by `tuner match` and `tuner tune`
//! configs: an in-process engine configuration or an external UCI engine,
//! its options (and options file) and its limit.

use engine::opponent::{OpponentInfo, OpponentKind, OPPONENT_ELO_RANGE};
use engine::tunables::{load_options_file, read_options_file, Tunables};
use matches::game::LimitSpec;
use matches::network_player::NetworkSpec;
use matches::tournament::{Entrant, PlayerSpec};
use matches::uci_player::UciEngineConfig;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct EngineSection {
    pub name: String,
    #[serde(default)]
    pub kind: EngineKind,
    /// Tunable overrides (in-process), or `setoption` values sent to a UCI
    /// `trappy`; applied after `options_file`.
    #[serde(default)]
    pub options: BTreeMap<String, OptionValue>,
    /// An options file (`[options]` table, as `tuner tune` writes).
    pub options_file: Option<PathBuf>,
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub movetime_ms: Option<u64>,
    /// "base+increment" in seconds, optionally "moves/base+increment".
    pub tc: Option<String>,
    #[serde(default = "default_hash")]
    pub hash_mb: usize,
    /// The threads the engine searches with (`Threads`); 1 by default, so
    /// that a match runs one game per core.
    pub threads: Option<usize>,
    /// In-process: the evaluation, a network file (relative to the
    /// config) or `classical`.
    pub eval_file: Option<String>,
    /// UCI: the program, its arguments, working directory and options.
    pub command: Option<PathBuf>,
    #[serde(default)]
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    #[serde(default)]
    pub uci_options: BTreeMap<String, toml::Value>,
    #[serde(default = "default_startup")]
    pub startup_timeout_ms: u64,
    /// UCI: leave the engine out (with a note) when its command is not
    /// installed, instead of failing.
    #[serde(default)]
    pub optional: bool,
    /// UCI: how to get the engine, said when its command is not installed.
    pub install: Option<String>,
    /// The engine's rating, told to its opponents (`UCI_Opponent`).
    pub elo: Option<i32>,
    /// Whether its opponents are told it is human (a human-like model).
    #[serde(default)]
    pub human: bool,
    /// Whether it is told its opponents' `elo` and `human` (false for a
    /// baseline that must play without that knowledge).
    #[serde(default = "default_told")]
    pub told: bool,
    /// In-process: what predicts the opponent's replies, `natural`,
    /// `search`, or a network file or folder (relative to the config).
    pub opponent_model: Option<String>,
    /// kind = "network": the network file (lc0's format), relative to the config.
    pub network: Option<PathBuf>,
    /// kind = "network": 0 plays the most likely move; above 0 draws from
    /// the policy at that temperature.
    pub temperature: Option<f64>,
    /// kind = "network": the seed of its draws, with the position.
    pub seed: Option<u64>,
}

/// A tunable's value in a config: a number, or for a choice option one of
/// its values by name (`Traps = "on"`). A boolean is read so that it can
/// be refused by name, as no tunable is one.
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum OptionValue {
    Number(i64),
    Flag(bool),
    Name(String),
}

impl OptionValue {
    /// The integer the tunable `option` takes for this value.
    pub fn number(&self, option: &str) -> Result<i64, String> {
        let text = match self {
            OptionValue::Number(number) => number.to_string(),
            OptionValue::Flag(on) => on.to_string(),
            OptionValue::Name(name) => name.clone(),
        };
        engine::tunables::parse_value(option, &text).map_err(|e| e.to_string())
    }
}

fn default_told() -> bool {
    true
}

impl EngineSection {
    /// Whether what this engine needs is not there: a UCI program (a path
    /// that is not a file, or a bare name not on `PATH`) or a network file.
    fn command_missing(&self, base: &Path) -> bool {
        if self.kind == EngineKind::Network {
            return self.network.as_ref().is_some_and(|network| !relative(base, network).is_file());
        }
        let Some(command) = self.command.as_ref().filter(|_| self.kind == EngineKind::Uci) else {
            return false;
        };
        if command.components().count() > 1 {
            return !relative(base, command).is_file();
        }
        let on_path = std::env::var_os("PATH")
            .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(command).is_file()));
        !on_path
    }

    /// Whether this is an optional UCI engine whose program is missing.
    pub fn missing_optional(&self, base: &Path) -> bool {
        self.optional && self.command_missing(base)
    }

    /// For a required engine whose program or network is missing and whose
    /// config says how to install it: what to tell the user.
    pub fn missing_with_instructions(&self, base: &Path) -> Option<String> {
        let install = self.install.as_ref().filter(|_| !self.optional && self.command_missing(base))?;
        let needed = if self.kind == EngineKind::Network { &self.network } else { &self.command };
        let command = needed.as_ref().map(|c| relative(base, c).display().to_string()).unwrap_or_default();
        Some(format!("engine {} is not installed ({command} is missing): {install}", self.name))
    }
}

/// How an `[[engine]]` is played: `kind = "in-process"` (the default),
/// `kind = "uci"`, or `kind = "network"` (a human-move network in process).
#[derive(Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum EngineKind {
    #[default]
    InProcess,
    Uci,
    Network,
}

/// An `eval_file` as the engine takes it: `classical` and `embedded` as
/// they are, a path relative to the config's folder.
fn eval_file_value(base: &Path, file: &str) -> String {
    match engine::nnue::EvalFileValue::parse(file) {
        engine::nnue::EvalFileValue::File(path) => relative(base, Path::new(path)).display().to_string(),
        _ => file.trim().to_string(),
    }
}

/// An `opponent_model` as the engine takes it: a built-in model (`natural`,
/// `search`) as it is, a path relative to the config's folder.
fn model_value(base: &Path, model: &str) -> String {
    let model = model.trim();
    match ["natural", "search"].into_iter().find(|builtin| model.eq_ignore_ascii_case(builtin)) {
        Some(builtin) => builtin.into(),
        None => relative(base, Path::new(model)).display().to_string(),
    }
}

fn default_hash() -> usize {
    16
}

fn default_startup() -> u64 {
    10_000
}

/// `path` as seen from the config file's folder `base`.
pub fn relative(base: &Path, path: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        base.join(path)
    }
}

fn engine_limit(engine: &EngineSection) -> Result<LimitSpec, String> {
    let key = |field: &str| format!("engine '{}': {field}", engine.name);
    let chosen = [engine.depth.is_some(), engine.nodes.is_some(), engine.movetime_ms.is_some(), engine.tc.is_some()];
    let limits = chosen.iter().filter(|&&c| c).count();
    // A network answers from one evaluation: a limit is allowed (a clock
    // for the PGN and the flag), not needed.
    if engine.kind == EngineKind::Network && limits == 0 {
        return Ok(LimitSpec::Nodes(1));
    }
    if limits != 1 {
        return Err(key("give exactly one of depth, nodes, movetime_ms and tc"));
    }
    Ok(match (engine.depth, engine.nodes, engine.movetime_ms, &engine.tc) {
        (Some(depth), ..) if (1..=100).contains(&depth) => LimitSpec::Depth(depth),
        (Some(_), ..) => return Err(key("depth must be 1 to 100")),
        (_, Some(nodes), ..) if nodes > 0 => LimitSpec::Nodes(nodes),
        (_, Some(_), ..) => return Err(key("nodes must be positive")),
        (_, _, Some(ms), _) => LimitSpec::MoveTime(Duration::from_millis(ms)),
        (_, _, _, Some(tc)) => {
            LimitSpec::parse_time_control(tc).ok_or_else(|| key(&format!("tc '{tc}' is not base+increment seconds")))?
        }
        _ => unreachable!("exactly one limit is set"),
    })
}

/// The tunables of the options file alone (the defaults without one).
fn options_file_tunables(engine: &EngineSection, base: &Path) -> Result<Tunables, String> {
    match &engine.options_file {
        Some(file) => load_options_file(&relative(base, file)).map_err(|e| format!("engine '{}': {e}", engine.name)),
        None => Ok(Tunables::default()),
    }
}

/// The engine's option overrides, set by name as the user's: the options
/// file's entries as written, then `options`.
fn engine_overrides(engine: &EngineSection, base: &Path) -> Result<Vec<(String, i64)>, String> {
    let mut overrides = match &engine.options_file {
        Some(file) => read_options_file(&relative(base, file)).map_err(|e| format!("engine '{}': {e}", engine.name))?,
        None => Vec::new(),
    };
    for (name, value) in &engine.options {
        let number = value.number(name).map_err(|e| format!("engine '{}': options.{name}: {e}", engine.name))?;
        overrides.push((name.clone(), number));
    }
    Ok(overrides)
}

/// The tunables an in-process engine starts from: defaults, then the
/// options file, then `options`. Errors name the engine and the key.
pub fn engine_tunables(engine: &EngineSection, base: &Path) -> Result<Tunables, String> {
    let mut tunables = options_file_tunables(engine, base)?;
    for (name, value) in &engine.options {
        let failed = |e: String| format!("engine '{}': options.{name}: {e}", engine.name);
        tunables.set(name, value.number(name).map_err(failed)?).map_err(|e| failed(e.to_string()))?;
    }
    Ok(tunables)
}

fn engine_spec(engine: &EngineSection, base: &Path) -> Result<PlayerSpec, String> {
    let network_keys = engine.network.is_some() || engine.temperature.is_some() || engine.seed.is_some();
    if network_keys && engine.kind != EngineKind::Network {
        return Err(format!("engine '{}': network, temperature and seed are for kind = \"network\"", engine.name));
    }
    match engine.kind {
        EngineKind::Network => {
            let path = engine
                .network
                .as_ref()
                .ok_or_else(|| format!("engine '{}': kind = \"network\" needs network", engine.name))?;
            if engine.command.is_some()
                || engine.threads.is_some()
                || engine.eval_file.is_some()
                || !engine.options.is_empty()
                || engine.options_file.is_some()
            {
                return Err(format!(
                    "engine '{}': a network plays by its policy alone; command, threads, eval_file and options are not for it",
                    engine.name
                ));
            }
            Ok(PlayerSpec::Network(NetworkSpec {
                name: engine.name.clone(),
                path: relative(base, path),
                temperature: engine.temperature.unwrap_or(0.0),
                seed: engine.seed.unwrap_or(0),
            }))
        }
        EngineKind::InProcess => {
            if engine.command.is_some() {
                return Err(format!("engine '{}': command is only for kind = \"uci\"", engine.name));
            }
            Ok(PlayerSpec::InProcess {
                name: engine.name.clone(),
                overrides: engine_overrides(engine, base)?,
                hash_mb: engine.hash_mb,
                threads: engine.threads.unwrap_or(1),
                eval_file: engine.eval_file.as_ref().map(|file| eval_file_value(base, file)),
                opponent_model: engine.opponent_model.as_ref().map(|model| model_value(base, model)),
            })
        }
        EngineKind::Uci => {
            if engine.eval_file.is_some() {
                return Err(format!(
                    "engine '{}': eval_file is for in-process engines; give a UCI engine uci_options = {{ EvalFile = \"...\" }}",
                    engine.name
                ));
            }
            if engine.opponent_model.is_some() {
                return Err(format!(
                    "engine '{}': opponent_model is for in-process engines; give a UCI trappy uci_options = {{ OpponentModel = \"...\" }}",
                    engine.name
                ));
            }
            let command =
                engine.command.as_ref().ok_or_else(|| format!("engine '{}': uci needs command", engine.name))?;
            // A bare name is looked up on PATH; anything with a slash is a path.
            let command = if command.components().count() > 1 { relative(base, command) } else { command.clone() };
            // Tunable overrides become setoption lines (for a UCI trappy),
            // then the free-form uci_options.
            let mut options: Vec<(String, String)> =
                engine_overrides(engine, base)?.into_iter().map(|(k, v)| (k, v.to_string())).collect();
            options.extend(engine.threads.map(|threads| ("Threads".to_string(), threads.to_string())));
            options.extend(
                engine
                    .uci_options
                    .iter()
                    .map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_string))),
            );
            Ok(PlayerSpec::Uci(UciEngineConfig {
                name: engine.name.clone(),
                command,
                args: engine.args.clone(),
                working_dir: engine.dir.as_ref().map(|d| relative(base, d)),
                options,
                startup_timeout: Duration::from_millis(engine.startup_timeout_ms),
                move_timeout: Duration::from_secs(30),
                log: None,
            }))
        }
    }
}

/// A player and its limit from an `[[engine]]` section.
pub fn build_entrant(engine: &EngineSection, base: &Path) -> Result<Entrant, String> {
    let kind = if engine.human { OpponentKind::Human } else { OpponentKind::Computer };
    if let Some(elo) = engine.elo.filter(|elo| !OPPONENT_ELO_RANGE.contains(elo)) {
        return Err(format!(
            "engine {}: elo {elo} is outside {} to {}",
            engine.name,
            OPPONENT_ELO_RANGE.start(),
            OPPONENT_ELO_RANGE.end()
        ));
    }
    let described = (engine.elo.is_some() || engine.human).then(|| OpponentInfo {
        title: None,
        elo: engine.elo,
        kind,
        name: engine.name.clone(),
    });
    Ok(Entrant { spec: engine_spec(engine, base)?, limit: engine_limit(engine)?, described, told: engine.told })
}

/// Engines by name, refusing a name used twice.
pub fn index_engines(engines: &[EngineSection]) -> Result<BTreeMap<String, &EngineSection>, String> {
    let mut by_name = BTreeMap::new();
    for engine in engines {
        if by_name.insert(engine.name.clone(), engine).is_some() {
            return Err(format!("engine name '{}' is used twice", engine.name));
        }
    }
    Ok(by_name)
}
