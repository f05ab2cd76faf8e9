//! `tuner match` configuration in TOML. Every problem is reported with the
//! key or file it concerns; relative paths are relative to the config file.

use crate::config::adjudication_section::{build_settings, AdjudicationSection};
use crate::config::engine_section::relative;
pub use crate::config::engine_section::{build_entrant, index_engines, EngineSection};
use crate::config::openings_section::{build_openings, OpeningsSection};
use crate::tournament::overrides::MatchOverrides;
use matches::engine_log::EngineLog;
use matches::sprt_plan::SprtPlan;
use matches::stats::{SprtConfig, SprtModel};
use matches::tournament::{PlayerSpec, Tournament, TournamentKind};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MatchConfig {
    pub tournament: TournamentSection,
    pub openings: OpeningsSection,
    #[serde(default)]
    pub adjudication: AdjudicationSection,
    pub sprt: Option<SprtSection>,
    #[serde(rename = "engine")]
    pub engines: Vec<EngineSection>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct TournamentSection {
    pub kind: KindName,
    /// Game pairs per pairing.
    pub pairs: usize,
    pub concurrency: Option<usize>,
    /// Names of the engines that play, in order; all engines when absent
    /// (for a pool: all engines not in `opponents`).
    pub players: Option<Vec<String>>,
    /// kind = "pool": the opponent pool every player meets.
    pub opponents: Option<Vec<String>>,
    /// kind = "pool": whether the players also meet each other.
    #[serde(default = "default_true")]
    pub head_to_head: bool,
    #[serde(default = "default_event")]
    pub event: String,
    pub journal: PathBuf,
    pub pgn: Option<PathBuf>,
    /// The engine communication log (UCI engines only).
    pub log: Option<PathBuf>,
    /// The running-Elo chart (SVG); beside the journal when absent.
    pub chart: Option<PathBuf>,
}

/// `tournament.kind` as written in the config.
#[derive(Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum KindName {
    HeadToHead,
    Gauntlet,
    RoundRobin,
    Pool,
}

fn default_true() -> bool {
    true
}

fn default_event() -> String {
    "trappy match".into()
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct SprtSection {
    pub elo0: f64,
    pub elo1: f64,
    #[serde(default = "default_error")]
    pub alpha: f64,
    #[serde(default = "default_error")]
    pub beta: f64,
    #[serde(default = "default_model")]
    pub model: SprtModel,
    /// The two players whose games the test judges, from the first one's
    /// side; may be left out when the tournament has one pairing.
    pub pairing: Option<[String; 2]>,
}

fn default_error() -> f64 {
    0.05
}

fn default_model() -> SprtModel {
    SprtModel::Normalized
}

/// The tournament and SPRT a config describes.
pub struct MatchPlan {
    pub tournament: Tournament,
    /// Where the running-Elo chart goes.
    pub chart: PathBuf,
    pub sprt: Option<SprtPlan>,
    /// Optional engines left out because their program is not installed.
    pub skipped: Vec<String>,
    /// What the report says of the run's setup (odds and what they left out).
    pub notes: Vec<String>,
    /// Required engines that are not installed, with how to install them:
    /// the run refuses to start while there are any.
    pub not_installed: Vec<String>,
}

/// Reads a config file, applies the command line's overrides, and checks
/// the result.
pub fn load_match_config(path: &Path, overrides: &MatchOverrides) -> Result<MatchPlan, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read config {}: {e}", path.display()))?;
    let base = path.parent().unwrap_or(Path::new("."));
    parse_overridden_config(&text, overrides, base).map_err(|e| format!("{}: {e}", path.display()))
}

/// The config `text` with the command line's overrides. An error names
/// its line in `text` as the user wrote it: the overrides edit the parsed
/// table, which has no lines, so when that does not read, the error told
/// is the one reading `text` itself gives. What an override supplies (a
/// key the file leaves out) need not be in the file.
fn read_match_config(text: &str, overrides: &MatchOverrides) -> Result<MatchConfig, String> {
    let as_written = || toml::from_str::<MatchConfig>(text);
    if overrides.is_empty() {
        return as_written().map_err(|e| e.to_string());
    }
    let mut table: toml::Table = toml::from_str(text).map_err(|e| e.to_string())?;
    overrides.apply(&mut table)?;
    toml::Value::Table(table).try_into::<MatchConfig>().map_err(|overridden| match as_written() {
        Err(own) => own.to_string(),
        Ok(_) => format!("with the command line's overrides: {overridden}"),
    })
}

/// Finds engines by name, in the order given.
fn engines_named<'a>(
    by_name: &BTreeMap<String, &'a EngineSection>,
    names: &[String],
    key: &str,
) -> Result<Vec<&'a EngineSection>, String> {
    names
        .iter()
        .map(|name| by_name.get(name).copied().ok_or_else(|| format!("{key}: unknown engine '{name}'")))
        .collect()
}

fn build_sprt(section: &SprtSection) -> Result<SprtConfig, String> {
    let sprt = SprtConfig {
        elo0: section.elo0,
        elo1: section.elo1,
        alpha: section.alpha,
        beta: section.beta,
        model: section.model,
    };
    sprt.validate().map_err(|e| format!("sprt: {e}"))?;
    Ok(sprt)
}

/// The tournament of the config `text` with the command line's overrides;
/// relative paths are relative to `base`.
pub fn parse_overridden_config(text: &str, overrides: &MatchOverrides, base: &Path) -> Result<MatchPlan, String> {
    let config = read_match_config(text, overrides)?;
    let section = &config.tournament;
    let by_name = index_engines(&config.engines)?;
    let skipped: Vec<String> =
        config.engines.iter().filter(|e| e.missing_optional(base)).map(|e| e.name.clone()).collect();
    let not_installed: Vec<String> = config.engines.iter().filter_map(|e| e.missing_with_instructions(base)).collect();
    let wanted = |engine: &&EngineSection| !skipped.contains(&engine.name);
    let mut chosen: Vec<&EngineSection> = match &section.players {
        Some(names) => engines_named(&by_name, names, "tournament.players")?,
        None => config.engines.iter().collect(),
    };
    chosen.retain(wanted);
    if section.kind != KindName::Pool && section.opponents.is_some() {
        return Err("tournament.opponents is only for kind = \"pool\"".into());
    }
    let kind = match section.kind {
        KindName::HeadToHead => TournamentKind::HeadToHead,
        KindName::Gauntlet => TournamentKind::Gauntlet,
        KindName::RoundRobin => TournamentKind::RoundRobin,
        KindName::Pool => {
            let names = section.opponents.as_ref().ok_or("tournament.opponents: kind = \"pool\" needs the pool")?;
            let mut pool = engines_named(&by_name, names, "tournament.opponents")?;
            pool.retain(wanted);
            if section.players.is_none() {
                chosen.retain(|engine| !names.contains(&engine.name));
            }
            if chosen.is_empty() || pool.is_empty() {
                return Err("tournament: a pool needs at least one player and one opponent".into());
            }
            let candidates = chosen.len();
            chosen.extend(pool);
            TournamentKind::Pool { candidates, head_to_head: section.head_to_head }
        }
    };
    if chosen.len() < 2 || (kind == TournamentKind::HeadToHead && chosen.len() != 2) {
        return Err(format!(
            "tournament.players: {:?} needs {} engines, found {}",
            section.kind,
            if kind == TournamentKind::HeadToHead { "exactly 2" } else { "at least 2" },
            chosen.len()
        ));
    }
    let mut entrants = chosen.iter().map(|engine| build_entrant(engine, base)).collect::<Result<Vec<_>, String>>()?;
    if let Some(path) = &section.log {
        let log = EngineLog::open(&relative(base, path)).map_err(|e| format!("tournament.log: {e}"))?;
        for entrant in &mut entrants {
            if let PlayerSpec::Uci(config) = &mut entrant.spec {
                config.log = Some(log.clone());
            }
        }
    }
    let mut openings = build_openings(&config.openings, base)?;
    let mut notes = Vec::new();
    let odds = match &config.openings.odds {
        Some(section) => {
            let names: Vec<&str> = entrants.iter().map(|e| e.spec.name()).collect();
            let seats = |name: &str| names.iter().position(|n| *n == name).map(|seat| vec![seat]);
            let with_odds = section.apply(openings, seats)?;
            openings = with_odds.openings;
            notes.push(with_odds.note);
            Some(with_odds.odds)
        }
        None => None,
    };
    if section.pairs == 0 {
        return Err("tournament.pairs must be at least 1".into());
    }
    let sprt = match &config.sprt {
        Some(section) => {
            let names: Vec<&str> = entrants.iter().map(|e| e.spec.name()).collect();
            let named = section.pairing.as_ref().map(|[first, second]| (first.as_str(), second.as_str()));
            Some(SprtPlan::resolve(build_sprt(section)?, named, kind, &names)?)
        }
        None => None,
    };
    let cores = crate::support::parallel::thread_count(None);
    let journal = relative(base, &section.journal);
    Ok(MatchPlan {
        chart: section.chart.as_ref().map_or_else(|| journal.with_extension("svg"), |p| relative(base, p)),
        tournament: Tournament {
            entrants,
            kind,
            openings,
            pairs_per_pairing: section.pairs,
            concurrency: section.concurrency.unwrap_or(cores).max(1),
            settings: build_settings(&config.adjudication),
            event: section.event.clone(),
            date: String::new(),
            journal,
            pgn: section.pgn.as_ref().map(|p| relative(base, p)),
            odds,
        },
        sprt,
        skipped,
        notes,
        not_installed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::tunables::Tunables;
    use matches::game::LimitSpec;
    use matches::tournament::PlayerSpec;
    use std::time::Duration;

    fn config(extra_engine: &str) -> String {
        format!(
            r#"
[tournament]
kind = "gauntlet"
pairs = 3
journal = "j.jsonl"
[openings]
file = "../data/openings/noob_3moves-2000.epd"
order = "random"
seed = 5
[[engine]]
name = "trappy"
depth = 5
[[engine]]
name = "plain"
tc = "10+0.1"
options = {{ Traps = "off" }}
{extra_engine}
"#
        )
    }

    fn base() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    fn parse_match_config(text: &str, base: &Path) -> Result<MatchPlan, String> {
        parse_overridden_config(text, &MatchOverrides::default(), base)
    }

    #[test]
    fn an_error_names_the_users_line_with_overrides_too() {
        let pairs = MatchOverrides { pairs: Some(2), ..MatchOverrides::default() };
        let wrong = config("").replace("order = \"random\"", "order = 7");
        let line = wrong.lines().position(|l| l == "order = 7").expect("the line") + 1;
        for overrides in [&MatchOverrides::default(), &pairs] {
            let error = parse_overridden_config(&wrong, overrides, &base()).err().expect("refused");
            assert!(error.contains(&format!("at line {line},")) && error.contains("order = 7"), "{error}");
        }
        // What an override supplies need not be in the file.
        let without_pairs = config("").replace("pairs = 3\n", "");
        assert!(parse_match_config(&without_pairs, &base()).is_err());
        let plan = parse_overridden_config(&without_pairs, &pairs, &base()).expect("pairs from the command line");
        assert_eq!(plan.tournament.pairs_per_pairing, 2);
    }

    #[test]
    fn a_good_config_becomes_a_tournament() {
        let plan = parse_match_config(&config(""), &base()).expect("valid");
        let t = plan.tournament;
        assert_eq!(t.kind, TournamentKind::Gauntlet);
        assert_eq!(t.entrants.len(), 2);
        assert_eq!(t.entrants[0].limit, LimitSpec::Depth(5));
        assert_eq!(
            t.entrants[1].limit,
            LimitSpec::Clock { base: Duration::from_secs(10), increment: Duration::from_millis(100), moves: None }
        );
        assert_eq!(t.journal, base().join("j.jsonl"));
        assert!(plan.sprt.is_none());
    }

    #[test]
    fn odds_name_the_players_who_give_them_and_count_what_they_leave_out() {
        let text = config("").replace("seed = 5", "seed = 5\nodds = { piece = \"queen\", players = [\"plain\"] }");
        let plan = parse_match_config(&text, &base()).expect("valid");
        let odds = plan.tournament.odds.expect("odds");
        assert_eq!((matches::odds::pieces_name(&odds.pieces), odds.players), ("queen".to_string(), vec![1]));
        // The 3-move book never loses a queen that early: all 2,000 kept.
        assert_eq!(plan.tournament.openings.len(), 2000);
        assert_eq!(
            plan.notes,
            ["odds: a queen short for plain; 0 of 2000 openings left out (illegal or no queen to give after them)"]
        );
        assert!(parse_match_config(&config(""), &base()).expect("valid").tournament.odds.is_none());
    }

    #[test]
    fn a_log_is_given_to_every_uci_engine() {
        let dir = std::env::temp_dir().join(format!("match-config-log-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let text = config("[[engine]]\nname = \"sf\"\nkind = \"uci\"\ncommand = \"stockfish\"\ndepth = 3")
            .replace("[tournament]", &format!("[tournament]\nlog = \"{}/engines.log\"", dir.display()))
            .replace("kind = \"gauntlet\"", "kind = \"round-robin\"");
        let plan = parse_match_config(&text, &base()).expect("valid");
        let logs: Vec<Option<PathBuf>> = plan
            .tournament
            .entrants
            .iter()
            .map(|entrant| match &entrant.spec {
                PlayerSpec::Uci(uci) => uci.log.as_ref().map(|log| log.path().to_path_buf()),
                PlayerSpec::InProcess { .. } | PlayerSpec::Network(_) => None,
            })
            .collect();
        assert_eq!(logs, [None, None, Some(dir.join("engines.log"))]);
        let unwritable = text.replace(&format!("{}/engines.log", dir.display()), "/nonexistent/dir/engines.log");
        let error = parse_match_config(&unwritable, &base()).err().expect("refused");
        assert!(error.contains("tournament.log") && error.contains("/nonexistent/dir/engines.log"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_network_engine_needs_its_file_and_no_limit_and_keeps_its_keys_to_itself() {
        let network = "[[engine]]\nname = \"maia\"\nkind = \"network\"\nnetwork = \"nets/maia.pb.gz\"\ntemperature = 1.0\nseed = 9\nelo = 1500\nhuman = true";
        let plan = parse_match_config(&config(network), &base()).expect("valid");
        let entrant = &plan.tournament.entrants[2];
        let PlayerSpec::Network(spec) = &entrant.spec else { panic!("a network player") };
        assert_eq!((spec.path.clone(), spec.temperature, spec.seed), (base().join("nets/maia.pb.gz"), 1.0, 9));
        assert_eq!(entrant.limit, LimitSpec::Nodes(1));
        assert!(entrant.described.as_ref().is_some_and(|d| d.elo == Some(1500)));
        let cases = [
            ("[[engine]]\nname = \"maia\"\nkind = \"network\"", "needs network"),
            ("[[engine]]\nname = \"x\"\ndepth = 2\ntemperature = 0.5", "kind = \"network\""),
            (
                "[[engine]]\nname = \"maia\"\nkind = \"network\"\nnetwork = \"m.pb.gz\"\noptions = { Traps = \"off\" }",
                "policy alone",
            ),
        ];
        for (engine, expected) in cases {
            let error = parse_match_config(&config(engine), &base()).err().expect(expected);
            assert!(error.contains(expected), "{expected}: {error}");
        }
    }

    #[test]
    fn an_opponent_model_goes_to_in_process_engines_only_with_its_path_from_the_config() {
        let told = "[[engine]]\nname = \"told\"\ndepth = 2\nopponent_model = \"maia\"";
        let plan = parse_match_config(&config(told), &base()).expect("valid");
        let PlayerSpec::InProcess { opponent_model, .. } = &plan.tournament.entrants[2].spec else {
            panic!("in-process")
        };
        assert_eq!(opponent_model.as_deref(), Some(base().join("maia").to_str().expect("utf-8")));
        // The built-in models are no paths.
        for builtin in ["natural", "Search"] {
            let text = told.replace("\"maia\"", &format!("\"{builtin}\""));
            let plan = parse_match_config(&config(&text), &base()).expect("valid");
            let PlayerSpec::InProcess { opponent_model, .. } = &plan.tournament.entrants[2].spec else {
                panic!("in-process")
            };
            assert_eq!(opponent_model.as_deref(), Some(builtin.to_ascii_lowercase().as_str()));
        }
        let uci = "[[engine]]\nname = \"u\"\nkind = \"uci\"\ncommand = \"x\"\ndepth = 2\nopponent_model = \"natural\"";
        let error = parse_match_config(&config(uci), &base()).err().expect("refused");
        assert!(error.contains("OpponentModel"), "{error}");
    }

    #[test]
    fn an_sprt_judges_the_pairing_it_names() {
        let three = |sprt: &str| {
            config(&format!("[[engine]]\nname = \"shallow\"\ndepth = 3\n{sprt}"))
                .replace("kind = \"gauntlet\"", "kind = \"round-robin\"")
        };
        let sprt = "[sprt]\nelo0 = 0\nelo1 = 5";
        // Three players, three pairings: the test must say which it judges.
        let error = parse_match_config(&three(sprt), &base()).err().expect("refused");
        assert!(error.contains("sprt.pairing") && error.contains("3 pairings"), "{error}");
        let named = parse_match_config(&three(&format!("{sprt}\npairing = [\"plain\", \"shallow\"]")), &base());
        let plan = named.expect("valid").sprt.expect("sprt");
        assert_eq!((plan.pairing, plan.reversed, plan.label.as_str()), ((1, 2), false, "plain vs shallow"));
        // Named the other way round: the same pairing, from the other side.
        let reversed = parse_match_config(&three(&format!("{sprt}\npairing = [\"shallow\", \"trappy\"]")), &base());
        let plan = reversed.expect("valid").sprt.expect("sprt");
        assert_eq!((plan.pairing, plan.reversed), ((0, 2), true));
        let stranger = parse_match_config(&three(&format!("{sprt}\npairing = [\"plain\", \"nobody\"]")), &base());
        assert!(stranger.err().is_some_and(|e| e.contains("'nobody' does not play")));
        // A gauntlet's players never meet each other.
        let gauntlet = three(&format!("{sprt}\npairing = [\"plain\", \"shallow\"]"))
            .replace("kind = \"round-robin\"", "kind = \"gauntlet\"");
        let error = parse_match_config(&gauntlet, &base()).err().expect("refused");
        assert!(error.contains("plain and shallow do not meet"), "{error}");
        // One pairing: no need to name it.
        let single = parse_match_config(&config(sprt), &base()).expect("valid").sprt.expect("sprt");
        assert_eq!((single.pairing, single.label.as_str()), ((0, 1), "trappy vs plain"));
    }

    #[test]
    fn every_broken_config_names_what_is_wrong() {
        let cases = [
            (config("").replace("pairs = 3", "pairs = \"three\""), "pairs"),
            (config("").replace("kind = \"gauntlet\"", "kind = \"swiss\""), "`swiss`, expected one of `head-to-head`"),
            (config("").replace("order = \"random\"", "order = \"shuffled\""), "`shuffled`, expected"),
            (config("").replace("name = \"plain\"", "name = \"plain\"\nkind = \"ucii\""), "`ucii`, expected"),
            (config("[sprt]\nelo0 = 0\nelo1 = 5\nmodel = \"bayes\""), "`bayes`, expected"),
            (config("").replace("noob_3moves-2000.epd", "missing.epd"), "missing.epd"),
            (config("").replace("depth = 5", "depth = 5\nnodes = 10"), "exactly one"),
            (config("").replace("tc = \"10+0.1\"", "tc = \"ten\""), "tc"),
            (config("[tournament.extra]\nx = 1"), "extra"),
            (config("").replace("[tournament]", "[tournament]\nplayers = [\"trappy\", \"nobody\"]"), "nobody"),
            (config("[[engine]]\nname = \"sf\"\nkind = \"uci\"\ndepth = 3"), "command"),
            (config("[sprt]\nelo0 = 5\nelo1 = 0"), "sprt"),
            (config("").replace("kind = \"gauntlet\"", "kind = \"pool\""), "tournament.opponents"),
            (config("").replace("[tournament]", "[tournament]\nopponents = [\"plain\"]"), "only for kind"),
            (
                config("").replace("kind = \"gauntlet\"", "kind = \"pool\"\nopponents = [\"ghost\"]"),
                "tournament.opponents: unknown engine 'ghost'",
            ),
            (
                config("").replace("seed = 5", "seed = 5\nodds = { piece = \"rook\", players = [\"ghost\"] }"),
                "openings.odds.players: 'ghost' does not play",
            ),
            (
                config("").replace("seed = 5", "seed = 5\nodds = { piece = \"bishop\", players = [\"plain\"] }"),
                "openings.odds.piece: 'bishop' is not knight, rook or queen",
            ),
            ("not toml at all [".to_string(), "TOML"),
        ];
        for (text, expected) in cases {
            let error = parse_match_config(&text, &base()).err().unwrap_or_else(|| panic!("accepted: {text}"));
            assert!(error.contains(expected), "{expected}: {error}");
        }
    }

    #[test]
    fn an_options_file_feeds_the_overrides_and_options_win() {
        let dir = std::env::temp_dir().join(format!("tuner-options-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        std::fs::write(dir.join("tuned.toml"), "[options]\nTrapTrust = 80\nTrapProfitCap = 60\n").expect("write");
        std::fs::write(dir.join("bad.toml"), "[options]\nTrapTrust = 150000\n").expect("write");
        let engine = |file: &str| {
            format!(
                "[[engine]]\nname = \"tuned\"\ndepth = 3\noptions_file = \"{}\"\noptions = {{ TrapProfitCap = 70 }}",
                dir.join(file).display()
            )
        };
        let text = config(&engine("tuned.toml")).replace("kind = \"gauntlet\"", "kind = \"round-robin\"");
        let plan = parse_match_config(&text, &base()).expect("valid");
        let PlayerSpec::InProcess { overrides, .. } = &plan.tournament.entrants[2].spec else { panic!("in-process") };
        let mut tunables = Tunables::default();
        for (name, value) in overrides {
            tunables.set(name, *value).expect("valid override");
        }
        assert_eq!((tunables.trap_trust, tunables.trap_profit_cap), (80, 70));
        let error = parse_match_config(&config(&engine("bad.toml")), &base()).err().expect("refused");
        assert!(error.contains("bad.toml") && error.contains("TrapTrust"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_pool_puts_the_players_first_and_the_opponents_after() {
        let text = config("[[engine]]\nname = \"noisy\"\ndepth = 3\noptions = { WeakEvalNoise = 50 }")
            .replace("kind = \"gauntlet\"", "kind = \"pool\"\nopponents = [\"noisy\"]");
        let plan = parse_match_config(&text, &base()).expect("valid");
        let names: Vec<&str> = plan.tournament.entrants.iter().map(|e| e.spec.name()).collect();
        assert_eq!(names, ["trappy", "plain", "noisy"]);
        assert_eq!(plan.tournament.kind, TournamentKind::Pool { candidates: 2, head_to_head: true });
    }

    #[test]
    fn a_missing_optional_engine_is_left_out_with_a_note() {
        let engine = "[[engine]]\nname = \"ghost\"\nkind = \"uci\"\ncommand = \"no-such-engine-on-path\"\ndepth = 3";
        let text =
            config(&format!("{engine}\noptional = true")).replace("kind = \"gauntlet\"", "kind = \"round-robin\"");
        let plan = parse_match_config(&text, &base()).expect("valid");
        assert_eq!(plan.skipped, ["ghost"]);
        assert_eq!(plan.tournament.entrants.len(), 2);
        let required = config(engine).replace("kind = \"gauntlet\"", "kind = \"round-robin\"");
        let plan = parse_match_config(&required, &base()).expect("valid");
        assert!(plan.skipped.is_empty() && plan.tournament.entrants.len() == 3);
    }

    /// Experiment configs may read the full opening books from ../shared
    /// beside the checkout (data/README.md); a clone without it still
    /// checks every other config.
    fn uses_absent_optional_book(path: &Path, config: &toml::Value) -> bool {
        let Some(book) = config.get("openings").and_then(|o| o.get("file")).and_then(|f| f.as_str()) else {
            return false;
        };
        let resolved = path.parent().unwrap_or(Path::new(".")).join(book);
        book.contains("/shared/") && !resolved.is_file()
    }

    /// What a shipped TOML file is, by its sections: a tuning config
    /// (`[tune]`), an options file (`[options]`), or a match config.
    fn check_shipped_toml(path: &Path) -> &'static str {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let value: toml::Value = toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if value.get("tune").is_some() {
            crate::tune::config::load_tune_config(path).map(|_| ()).unwrap_or_else(|e| panic!("{e}"));
            "tune"
        } else if value.get("options").is_some() {
            Tunables::default().apply_options_toml(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            "options"
        } else if uses_absent_optional_book(path, &value) {
            eprintln!("{}: its opening book (../shared beside the checkout) is not here; not loaded", path.display());
            "match"
        } else {
            load_match_config(path, &MatchOverrides::default()).unwrap_or_else(|e| panic!("{e}"));
            "match"
        }
    }

    #[test]
    fn every_shipped_config_is_valid() {
        let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
        for dir in ["../configs", "../configs/experiments", "../docs/results"] {
            for entry in std::fs::read_dir(base().join(dir)).expect("a folder of configs") {
                let path = entry.expect("entry").path();
                if path.extension().is_some_and(|e| e == "toml") {
                    *kinds.entry(check_shipped_toml(&path)).or_default() += 1;
                }
            }
        }
        assert!(kinds["match"] >= 15 && kinds["tune"] >= 2 && kinds["options"] >= 2, "{kinds:?}");
    }
}
