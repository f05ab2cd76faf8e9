//! Rated human-move networks on a shelf: files whose start and length were
//! checked (`lc0/network_file.rs`), each read whole the first time a
//! decision needs it and kept from then on; the files passed over, each
//! with its reason; and the choice of the network for an opponent's
//! rating, passing over one that cannot be read for the next nearest.

use crate::lc0::{network_name, Lc0Network};
use crate::opponent::OPPONENT_ELO_RANGE;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The rating a network's file name gives it: its last run of digits,
/// when that is three or four digits and a rating an opponent can have
/// (`maia-1500.pb.gz` is 1500). lc0's own networks end in a training step
/// (`BT4-1024x15x32h-swa-6147500`) or carry none, and model no human. The
/// one rule, for discovery, a named folder and a named file alike.
pub fn rating_in_name(name: &str) -> Option<i32> {
    let before_last_run = name.trim_end_matches(|c: char| !c.is_ascii_digit());
    let last_run = &before_last_run[before_last_run.trim_end_matches(|c: char| c.is_ascii_digit()).len()..];
    let elo: i32 = last_run.parse().ok().filter(|_| (3..=4).contains(&last_run.len()))?;
    OPPONENT_ELO_RANGE.contains(&elo).then_some(elo)
}

/// A network file that passed the check of its start and length, read
/// whole when first asked for; its clones share the one read.
#[derive(Clone, Debug)]
pub struct RatedNetwork {
    /// The rating its file name gives it (`rating_in_name`).
    pub elo: Option<i32>,
    /// Its file's name without `.pb.gz` (`maia-1500`).
    pub name: String,
    pub path: PathBuf,
    loaded: Arc<OnceLock<Result<Arc<Lc0Network>, String>>>,
}

impl RatedNetwork {
    /// The file at `path`, checked but not yet read whole.
    pub fn checked(path: &Path) -> Result<RatedNetwork, String> {
        crate::lc0::network_file::check_network_file(path)?;
        let name = network_name(path);
        Ok(RatedNetwork { elo: rating_in_name(&name), name, path: path.to_path_buf(), loaded: Arc::default() })
    }

    /// The file at `path`, read now: a file named on its own, whose faults
    /// the user hears at once.
    pub fn loaded(path: &Path) -> Result<RatedNetwork, String> {
        let network = Arc::new(Lc0Network::load(path)?);
        let name = network_name(path);
        let loaded = Arc::new(OnceLock::from(Ok(network)));
        Ok(RatedNetwork { elo: rating_in_name(&name), name, path: path.to_path_buf(), loaded })
    }

    /// The network, read on the first call (by whichever clone makes it);
    /// the error of a file that cannot be read, kept so it is read once.
    pub fn network(&self) -> Result<Arc<Lc0Network>, String> {
        self.loaded.get_or_init(|| Lc0Network::load(&self.path).map(Arc::new)).clone()
    }

    /// "rated 1500", or "unrated".
    pub fn rating(&self) -> String {
        rating_words(self.elo)
    }
}

pub(super) fn rating_words(elo: Option<i32>) -> String {
    elo.map_or("unrated".to_string(), |elo| format!("rated {elo}"))
}

/// A file passed over, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkippedFile {
    pub path: PathBuf,
    pub reason: String,
}

impl SkippedFile {
    /// The line a UCI GUI or a harness shows: "skipped network FILE: REASON".
    pub fn line(&self) -> String {
        format!("skipped network {}: {}", self.path.display(), self.reason)
    }
}

/// The networks found in some folders, by rating (the first folder's
/// first when two share a name), and the files passed over.
#[derive(Clone, Debug, Default)]
pub struct NetworkShelf {
    pub networks: Vec<RatedNetwork>,
    pub skipped: Vec<SkippedFile>,
    /// Where they were looked for.
    pub folders: Vec<PathBuf>,
}

/// The network chosen for an opponent: the nearest that could be read,
/// and the nearer ones that could not, with the reason.
pub struct ChosenNetwork<'a> {
    pub chosen: Option<(&'a RatedNetwork, Arc<Lc0Network>)>,
    pub unusable: Vec<(&'a RatedNetwork, String)>,
}

impl NetworkShelf {
    /// One network named on its own.
    pub fn single(network: RatedNetwork) -> NetworkShelf {
        NetworkShelf { networks: vec![network], ..NetworkShelf::default() }
    }

    /// The rated network files (`*.pb.gz`, `*.pb`) in `folders`, each
    /// checked by its name and its start, none read whole.
    pub fn in_folders(folders: &[PathBuf]) -> NetworkShelf {
        let mut shelf = NetworkShelf { folders: folders.to_vec(), ..NetworkShelf::default() };
        for path in folders.iter().flat_map(|folder| network_files(folder)) {
            let skip = |reason: String| SkippedFile { path: path.clone(), reason };
            let name = network_name(&path);
            if rating_in_name(&name).is_none() {
                shelf.skipped.push(skip("its name carries no rating (as maia-1500.pb.gz does)".into()));
            } else if let Some(known) = shelf.networks.iter().find(|known| known.name == name) {
                shelf.skipped.push(skip(format!("{} has the same name and comes first", known.path.display())));
            } else {
                match RatedNetwork::checked(&path) {
                    Ok(network) => shelf.networks.push(network),
                    Err(reason) => shelf.skipped.push(skip(reason)),
                }
            }
        }
        shelf.networks.sort_by_key(|network| network.elo);
        shelf
    }

    /// The networks in the order they suit an opponent rated `elo`: the
    /// nearest first, the stronger of two as near (it predicts better);
    /// while the rating is unknown, the middle one, then outwards.
    fn by_preference(&self, elo: Option<i32>) -> Vec<&RatedNetwork> {
        let mut order: Vec<(usize, &RatedNetwork)> = self.networks.iter().enumerate().collect();
        let middle = self.networks.len() / 2;
        match elo {
            Some(elo) => {
                order.sort_by_key(|(_, network)| network.elo.map_or((i32::MAX, 0), |own| ((own - elo).abs(), -own)))
            }
            None => order.sort_by_key(|&(index, _)| (index.abs_diff(middle), std::cmp::Reverse(index))),
        }
        order.into_iter().map(|(_, network)| network).collect()
    }

    /// The network for an opponent rated `elo` (see `by_preference`),
    /// reading files as far as the first that can be read.
    pub fn choose(&self, elo: Option<i32>) -> ChosenNetwork<'_> {
        let mut unusable = Vec::new();
        for rated in self.by_preference(elo) {
            match rated.network() {
                Ok(network) => return ChosenNetwork { chosen: Some((rated, network)), unusable },
                Err(reason) => unusable.push((rated, reason)),
            }
        }
        ChosenNetwork { chosen: None, unusable }
    }
}

/// The network files in `folder` (`*.pb.gz`, `*.pb`), sorted by name; a
/// folder that cannot be read holds none. Whether each is a file that can
/// be read is the check's to say.
fn network_files(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|file| {
            let name = file.to_string_lossy();
            name.ends_with(".pb.gz") || name.ends_with(".pb")
        })
        .collect();
    files.sort();
    files
}
