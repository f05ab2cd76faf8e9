//! Command-line overrides of a match config, for the keys people change
//! between runs (cutechess's `-concurrency`, `-rounds`, `-each tc=...`).
//! They edit the config's TOML table before it is read, so every override
//! goes through the same checks as the file (`config::match_config` reads
//! the user's own text for the errors, which name its lines). Paths given on the command line
//! are relative to the working directory, so they are made absolute
//! before they enter a config whose paths are relative to itself.

use clap::Args;
use std::path::{Path, PathBuf};
use toml::{Table, Value};

#[derive(Args, Debug, Default)]
pub struct MatchOverrides {
    /// Games played at once (overrides tournament.concurrency)
    #[arg(long)]
    pub concurrency: Option<u32>,
    /// Game pairs per pairing (overrides tournament.pairs)
    #[arg(long)]
    pub pairs: Option<u32>,
    /// Opening order seed (overrides openings.seed)
    #[arg(long)]
    pub seed: Option<u64>,
    /// Opening file (overrides openings.file)
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Results journal (overrides tournament.journal)
    #[arg(long, value_name = "FILE")]
    pub journal: Option<PathBuf>,
    /// PGN output (overrides tournament.pgn)
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// Log every line sent to and received from the UCI engines, and their
    /// stderr, with a timestamp and the engine's name (tournament.log)
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// The running-Elo chart, SVG (overrides tournament.chart)
    #[arg(long, value_name = "FILE")]
    pub chart: Option<PathBuf>,
    /// A clock `base+increment` (seconds) for every engine
    #[arg(long, value_name = "BASE+INC", conflicts_with_all = ["each_depth", "each_nodes"])]
    pub each_tc: Option<String>,
    /// A fixed depth for every engine
    #[arg(long, value_name = "PLIES", conflicts_with = "each_nodes")]
    pub each_depth: Option<u32>,
    /// A node limit per move for every engine
    #[arg(long, value_name = "NODES")]
    pub each_nodes: Option<u64>,
    /// Play only these of the config's players (overrides
    /// tournament.players; the opponents, openings, odds and seeds stay),
    /// so that a player's games replay those of a run it was not in, for
    /// `tuner pair` (give --journal and --pgn too, or the run's files are
    /// continued)
    #[arg(long, value_name = "NAME,...", value_delimiter = ',')]
    pub players: Option<Vec<String>>,
}

const LIMIT_KEYS: [&str; 4] = ["depth", "nodes", "tc", "movetime_ms"];

impl MatchOverrides {
    pub fn is_empty(&self) -> bool {
        self.concurrency.is_none()
            && self.pairs.is_none()
            && self.seed.is_none()
            && self.openings.is_none()
            && self.journal.is_none()
            && self.pgn.is_none()
            && self.log.is_none()
            && self.chart.is_none()
            && self.each_tc.is_none()
            && self.each_depth.is_none()
            && self.each_nodes.is_none()
            && self.players.is_none()
    }

    /// Applies the overrides to a config's table.
    pub fn apply(&self, config: &mut Table) -> Result<(), String> {
        let section = |config: &mut Table, name: &str| -> Result<Table, String> {
            match config.remove(name) {
                Some(Value::Table(table)) => Ok(table),
                None => Ok(Table::new()),
                Some(_) => Err(format!("{name} must be a table")),
            }
        };
        let mut tournament = section(config, "tournament")?;
        let mut openings = section(config, "openings")?;
        if let Some(n) = self.concurrency {
            tournament.insert("concurrency".into(), Value::Integer(n.into()));
        }
        if let Some(n) = self.pairs {
            tournament.insert("pairs".into(), Value::Integer(n.into()));
        }
        for (key, path) in [("journal", &self.journal), ("pgn", &self.pgn), ("log", &self.log), ("chart", &self.chart)]
        {
            if let Some(path) = path {
                tournament.insert(key.into(), Value::String(absolute(path)?));
            }
        }
        if let Some(seed) = self.seed {
            let seed = i64::try_from(seed).map_err(|_| format!("--seed {seed} is too large"))?;
            openings.insert("seed".into(), Value::Integer(seed));
        }
        if let Some(path) = &self.openings {
            openings.insert("file".into(), Value::String(absolute(path)?));
        }
        if let Some(players) = &self.players {
            only_players(&mut tournament, &mut openings, players);
        }
        config.insert("tournament".into(), Value::Table(tournament));
        config.insert("openings".into(), Value::Table(openings));
        let limit = match (&self.each_tc, self.each_depth, self.each_nodes) {
            (Some(tc), _, _) => Some(("tc", Value::String(tc.clone()))),
            (None, Some(depth), _) => Some(("depth", Value::Integer(depth.into()))),
            (None, None, Some(nodes)) => {
                let nodes = i64::try_from(nodes).map_err(|_| format!("--each-nodes {nodes} is too large"))?;
                Some(("nodes", Value::Integer(nodes)))
            }
            (None, None, None) => None,
        };
        if let (Some((key, value)), Some(Value::Array(engines))) = (limit, config.get_mut("engine")) {
            for engine in engines.iter_mut() {
                if let Value::Table(engine) = engine {
                    for old in LIMIT_KEYS {
                        engine.remove(old);
                    }
                    engine.insert(key.into(), value.clone());
                }
            }
        }
        Ok(())
    }
}

/// The tournament with `players` as its players, and its odds given only
/// by those of them (and of the opponents) who gave them before.
fn only_players(tournament: &mut Table, openings: &mut Table, players: &[String]) {
    let names = |list: &[String]| Value::Array(list.iter().cloned().map(Value::String).collect());
    tournament.insert("players".into(), names(players));
    let opponents: Vec<String> = match tournament.get("opponents") {
        Some(Value::Array(list)) => list.iter().filter_map(|v| v.as_str().map(str::to_string)).collect(),
        _ => Vec::new(),
    };
    if let Some(Value::Table(odds)) = openings.get_mut("odds") {
        if let Some(Value::Array(givers)) = odds.get_mut("players") {
            givers
                .retain(|giver| giver.as_str().is_some_and(|name| players.iter().chain(&opponents).any(|p| p == name)));
        }
    }
}

fn absolute(path: &Path) -> Result<String, String> {
    let full = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().map_err(|e| format!("cannot read the working directory: {e}"))?.join(path)
    };
    full.to_str().map(str::to_string).ok_or_else(|| format!("{} is not valid UTF-8", full.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONFIG: &str = "[tournament]\nkind = \"head-to-head\"\npairs = 3\njournal = \"j.jsonl\"\n\
        [openings]\nfile = \"book.pgn\"\nseed = 5\n\
        [[engine]]\nname = \"a\"\ndepth = 5\n[[engine]]\nname = \"b\"\ntc = \"10+0.1\"\n";

    fn applied(overrides: &MatchOverrides) -> Table {
        let mut config: Table = toml::from_str(CONFIG).expect("valid TOML");
        overrides.apply(&mut config).expect("applies");
        config
    }

    #[test]
    fn overrides_replace_the_keys_and_every_engine_limit() {
        let overrides = MatchOverrides {
            concurrency: Some(3),
            pairs: Some(40),
            seed: Some(9),
            journal: Some(PathBuf::from("/runs/x.jsonl")),
            log: Some(PathBuf::from("/runs/engines.log")),
            each_tc: Some("5+0.05".into()),
            ..MatchOverrides::default()
        };
        let config = applied(&overrides);
        let tournament = config["tournament"].as_table().expect("table");
        assert_eq!(tournament["concurrency"].as_integer(), Some(3));
        assert_eq!(tournament["pairs"].as_integer(), Some(40));
        assert_eq!(tournament["journal"].as_str(), Some("/runs/x.jsonl"));
        assert_eq!(tournament["log"].as_str(), Some("/runs/engines.log"));
        assert_eq!(config["openings"]["seed"].as_integer(), Some(9));
        assert_eq!(config["openings"]["file"].as_str(), Some("book.pgn"), "untouched");
        for engine in config["engine"].as_array().expect("engines") {
            assert_eq!(engine.get("tc").and_then(Value::as_str), Some("5+0.05"));
            assert!(engine.get("depth").is_none());
        }
        // A relative path on the command line is taken from the working
        // directory, not from the config's folder.
        let relative = MatchOverrides { openings: Some(PathBuf::from("my/book.epd")), ..MatchOverrides::default() };
        let expected = std::env::current_dir().expect("cwd").join("my/book.epd");
        assert_eq!(applied(&relative)["openings"]["file"].as_str(), expected.to_str());
        let untouched: Table = toml::from_str(CONFIG).expect("valid TOML");
        assert_eq!(applied(&MatchOverrides::default()), untouched);
    }

    #[test]
    fn a_player_alone_keeps_the_opponents_openings_and_its_own_odds() {
        let pool = "[tournament]\nkind = \"pool\"\nplayers = [\"told\", \"plain\"]\nopponents = [\"maia\"]\n\
            [openings]\nfile = \"book.pgn\"\nseed = 49\nodds = { piece = \"queen\", players = [\"told\", \"plain\"] }\n\
            [[engine]]\nname = \"told\"\ndepth = 6\n[[engine]]\nname = \"plain\"\ndepth = 6\n\
            [[engine]]\nname = \"maia\"\ndepth = 1\n";
        let alone = MatchOverrides { players: Some(vec!["told".into()]), ..MatchOverrides::default() };
        let mut config: Table = toml::from_str(pool).expect("valid TOML");
        alone.apply(&mut config).expect("applies");
        let strings = |value: &Value| -> Vec<String> {
            value.as_array().expect("list").iter().map(|v| v.as_str().expect("name").to_string()).collect()
        };
        assert_eq!(strings(&config["tournament"]["players"]), ["told"]);
        assert_eq!(strings(&config["tournament"]["opponents"]), ["maia"]);
        assert_eq!(strings(&config["openings"]["odds"]["players"]), ["told"]);
        assert_eq!(config["openings"]["seed"].as_integer(), Some(49));
        assert_eq!(config["openings"]["odds"]["piece"].as_str(), Some("queen"));
    }
}
