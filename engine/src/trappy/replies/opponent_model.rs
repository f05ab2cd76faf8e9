//! The `OpponentModel` option: which model predicts the opponent's
//! replies, and where the networks come from when it names none (lc0's
//! way: beside the binary and in a `maia/` folder there).

use super::ReplyModel;
use crate::lc0::{network_name, Lc0Network};
use crate::opponent::OPPONENT_ELO_RANGE;
use crate::tunables::Tunables;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A network of the `OpponentModel` option, with the rating its file name
/// gives (`maia-1500.pb.gz` is 1500).
#[derive(Clone, Debug)]
pub struct RatedNetwork {
    pub elo: Option<i32>,
    pub name: String,
    pub network: Arc<Lc0Network>,
}

/// The `OpponentModel` option: `natural` (the built-in model), `search`
/// (the paper's), a network file, or a folder of them, from which the
/// network rated nearest the opponent is taken (the middle one while the
/// opponent's rating is unknown). Named nothing (`<autodiscover>`, the
/// default), the engine looks for rated networks where lc0 users keep
/// them (`discover`).
#[derive(Clone, Debug, Default)]
pub enum OpponentModelChoice {
    #[default]
    Natural,
    Search,
    Networks(Vec<RatedNetwork>),
    /// Discovery found no rated network in these folders: the natural
    /// model plays, and the engine says why.
    NoneFound(Vec<PathBuf>),
}

/// The option's value that asks for discovery, as lc0 spells its own.
pub const AUTODISCOVER: &str = "<autodiscover>";

/// The first run of digits in a file name: its rating.
fn rating_in(name: &str) -> Option<i32> {
    let digits: String = name.chars().skip_while(|c| !c.is_ascii_digit()).take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The rating a network's file name gives it, for discovery: its last run
/// of digits, when that is three or four digits and a rating an opponent
/// can have (`maia-1500.pb.gz`). lc0's own networks end in a training step
/// (`BT4-1024x15x32h-swa-6147500`) or carry none, and model no human.
fn discovered_rating(name: &str) -> Option<i32> {
    let last_run: String = name
        .chars()
        .rev()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let elo: i32 = last_run.parse().ok().filter(|_| (3..=4).contains(&last_run.len()))?;
    OPPONENT_ELO_RANGE.contains(&elo).then_some(elo)
}

/// The network files in `folder` (`*.pb.gz`, `*.pb`), sorted by name; a
/// folder that cannot be read holds none.
fn network_files(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|file| file.is_file())
        .filter(|file| {
            let name = file.to_string_lossy();
            name.ends_with(".pb.gz") || name.ends_with(".pb")
        })
        .collect();
    files.sort();
    files
}

/// Where the engine looks for networks when `OpponentModel` names none:
/// beside its binary and in a `maia/` folder there, as lc0 looks for its
/// weights beside its own.
pub fn discovery_folders() -> Vec<PathBuf> {
    let Some(dir) = std::env::current_exe().ok().and_then(|exe| exe.parent().map(Path::to_path_buf)) else {
        return Vec::new();
    };
    vec![dir.join("maia"), dir]
}

pub(super) fn rated(path: &Path) -> Result<RatedNetwork, String> {
    let network = Arc::new(Lc0Network::load(path)?);
    let name = network_name(path);
    Ok(RatedNetwork { elo: rating_in(&name), name, network })
}

impl OpponentModelChoice {
    /// Reads the option's value; errors name the file or folder at fault.
    /// Empty or `<autodiscover>`: `discover` in `discovery_folders`.
    pub fn from_option(value: &str) -> Result<OpponentModelChoice, String> {
        let value = value.trim();
        if value.is_empty() || value.eq_ignore_ascii_case(AUTODISCOVER) {
            return Ok(OpponentModelChoice::beside_the_binary());
        }
        if value.eq_ignore_ascii_case("natural") {
            return Ok(OpponentModelChoice::Natural);
        }
        if value.eq_ignore_ascii_case("search") {
            return Ok(OpponentModelChoice::Search);
        }
        let path = Path::new(value);
        if !path.is_dir() {
            return Ok(OpponentModelChoice::Networks(vec![rated(path)?]));
        }
        std::fs::read_dir(path).map_err(|e| format!("cannot read folder {value}: {e}"))?;
        let files = network_files(path);
        if files.is_empty() {
            return Err(format!("folder {value} holds no network (*.pb.gz, *.pb)"));
        }
        let mut networks = files.iter().map(|file| rated(file)).collect::<Result<Vec<_>, _>>()?;
        networks.sort_by_key(|network| network.elo);
        Ok(OpponentModelChoice::Networks(networks))
    }

    /// `discover` in `discovery_folders`, once a process: the folders
    /// are the binary's, and a harness builds a player per worker and
    /// pairing, each of which would read and load the same files again.
    pub fn beside_the_binary() -> OpponentModelChoice {
        static FOUND: std::sync::OnceLock<OpponentModelChoice> = std::sync::OnceLock::new();
        FOUND.get_or_init(|| OpponentModelChoice::discover(&discovery_folders())).clone()
    }

    /// The rated networks in `folders` (a file name that carries a rating,
    /// see `discovered_rating`), the first folder's first when two share a
    /// name. A file that does not load is passed over: discovery never
    /// stops an engine from starting, and the `info string` says what it
    /// took.
    pub fn discover(folders: &[PathBuf]) -> OpponentModelChoice {
        let mut networks: Vec<RatedNetwork> = Vec::new();
        for file in folders.iter().flat_map(|folder| network_files(folder)) {
            let name = network_name(&file);
            let Some(elo) = discovered_rating(&name) else { continue };
            if networks.iter().any(|known| known.name == name) {
                continue;
            }
            if let Ok(network) = Lc0Network::load(&file) {
                networks.push(RatedNetwork { elo: Some(elo), name, network: Arc::new(network) });
            }
        }
        if networks.is_empty() {
            return OpponentModelChoice::NoneFound(folders.to_vec());
        }
        networks.sort_by_key(|network| network.elo);
        OpponentModelChoice::Networks(networks)
    }

    /// What predicts the replies of an opponent rated `elo`, in words, for
    /// an `info string`.
    pub fn describe(&self, elo: Option<i32>) -> String {
        let rating = |elo: Option<i32>| elo.map_or("unrated".to_string(), |elo| format!("rated {elo}"));
        match (self, self.network_for(elo)) {
            (OpponentModelChoice::NoneFound(folders), _) => {
                let places: Vec<String> = folders.iter().map(|f| f.display().to_string()).collect();
                format!("natural (no rated network found in {})", places.join(" or "))
            }
            (OpponentModelChoice::Networks(all), Some(chosen)) => format!(
                "{} ({}, of {} network{}, for an opponent {})",
                chosen.name,
                rating(chosen.elo),
                all.len(),
                if all.len() == 1 { "" } else { "s" },
                rating(elo)
            ),
            (OpponentModelChoice::Search, _) => "search".to_string(),
            _ => "natural".to_string(),
        }
    }

    /// The model for an opponent rated `elo`, with its parameter from
    /// `tunables`: the network `network_for` gives, else the natural model
    /// or the searched one as the option says.
    pub fn model_for(&self, elo: Option<i32>, tunables: &Tunables) -> ReplyModel {
        if let OpponentModelChoice::Search = self {
            return ReplyModel::Search { gap: tunables.trap_opponent_gap as usize };
        }
        match self.network_for(elo) {
            Some(rated) => ReplyModel::Network { name: rated.name.clone(), network: rated.network.clone() },
            None => ReplyModel::Natural { temperature: tunables.trap_temperature },
        }
    }

    /// The network for an opponent rated `elo`: the nearest rated one (the
    /// stronger of two as near); `None` for the natural model.
    pub fn network_for(&self, elo: Option<i32>) -> Option<&RatedNetwork> {
        let OpponentModelChoice::Networks(networks) = self else { return None };
        match elo {
            // Between two as near, the stronger: it predicts better.
            Some(elo) => {
                networks.iter().min_by_key(|network| network.elo.map_or((i32::MAX, 0), |own| ((own - elo).abs(), -own)))
            }
            None => networks.get(networks.len() / 2),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lc0::writer::{gzipped, net_bytes, NetSpec};

    #[test]
    fn a_folder_gives_the_network_rated_nearest_the_opponent() {
        let dir = std::env::temp_dir().join(format!("trappy-models-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        for elo in [1100, 1500, 1900] {
            let bytes = gzipped(&net_bytes(&NetSpec::plane_logits(&[(0, 1.0)])));
            std::fs::write(dir.join(format!("maia-{elo}.pb.gz")), bytes).expect("write");
        }
        std::fs::write(dir.join("notes.txt"), "not a network").expect("write");
        let choice = OpponentModelChoice::from_option(dir.to_str().expect("utf-8")).expect("a folder of networks");
        let name = |elo| choice.network_for(elo).map(|n| n.name.clone());
        assert_eq!(name(Some(1250)), Some("maia-1100".into()));
        assert_eq!(name(Some(1400)), Some("maia-1500".into()));
        assert_eq!(name(Some(1300)), Some("maia-1500".into()), "the stronger of two as near");
        assert_eq!(name(Some(2600)), Some("maia-1900".into()));
        assert_eq!(name(None), Some("maia-1500".into()), "the middle one while the rating is unknown");
        let one =
            OpponentModelChoice::from_option(dir.join("maia-1900.pb.gz").to_str().expect("utf-8")).expect("a file");
        assert_eq!(one.network_for(Some(1100)).map(|n| n.elo), Some(Some(1900)));
        assert!(OpponentModelChoice::from_option("natural").expect("built in").network_for(Some(1500)).is_none());
        // The paper's model takes its gap from the tunables.
        let searched = OpponentModelChoice::from_option(" Search ").expect("built in");
        let gap_3 = Tunables { trap_opponent_gap: 3, ..Tunables::default() };
        assert!(matches!(searched.model_for(Some(1500), &gap_3), ReplyModel::Search { gap: 3 }));
        assert!(matches!(choice.model_for(Some(1100), &gap_3), ReplyModel::Network { .. }));
        let natural = OpponentModelChoice::Natural.model_for(None, &Tunables { trap_temperature: 70, ..gap_3 });
        assert!(matches!(natural, ReplyModel::Natural { temperature: 70 }));
        let empty = dir.join("empty");
        std::fs::create_dir_all(&empty).expect("dir");
        let error = OpponentModelChoice::from_option(empty.to_str().expect("utf-8")).expect_err("no network");
        assert!(error.contains("no network"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn discovery_takes_rated_networks_beside_the_binary_and_in_its_maia_folder() {
        let dir = std::env::temp_dir().join(format!("trappy-discovery-{}", std::process::id()));
        let maia = dir.join("maia");
        std::fs::create_dir_all(&maia).expect("temp dir");
        let net = gzipped(&net_bytes(&NetSpec::plane_logits(&[(0, 1.0)])));
        std::fs::write(maia.join("maia-1100.pb.gz"), &net).expect("write");
        std::fs::write(maia.join("maia-1900.pb.gz"), &net).expect("write");
        std::fs::write(dir.join("maia-1500.pb.gz"), &net).expect("write");
        // An engine network (a training step, not a rating), and a broken
        // file: both passed over.
        std::fs::write(dir.join("BT4-1024x15x32h-swa-6147500.pb.gz"), &net).expect("write");
        std::fs::write(dir.join("maia-1700.pb.gz"), b"not a network").expect("write");
        let found = OpponentModelChoice::discover(&[maia.clone(), dir.clone()]);
        let OpponentModelChoice::Networks(networks) = &found else { panic!("found nothing: {found:?}") };
        let names: Vec<&str> = networks.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(names, ["maia-1100", "maia-1500", "maia-1900"]);
        assert_eq!(found.network_for(Some(1400)).map(|n| n.name.as_str()), Some("maia-1500"));
        let said = found.describe(Some(1400));
        assert!(said.starts_with("maia-1500 (rated 1500, of 3 networks, for an opponent rated 1400)"), "{said}");

        let empty = dir.join("nothing-here");
        std::fs::create_dir_all(&empty).expect("dir");
        let none = OpponentModelChoice::discover(std::slice::from_ref(&empty));
        assert!(none.network_for(Some(1500)).is_none(), "falls back to the natural model");
        let said = none.describe(Some(1500));
        assert!(said.starts_with("natural (no rated network found in") && said.contains("nothing-here"), "{said}");
        assert_eq!(discovered_rating("maia-1500"), Some(1500));
        assert_eq!(discovered_rating("t78"), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
