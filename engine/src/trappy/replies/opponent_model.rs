//! The `OpponentModel` option: which model predicts the opponent's
//! replies, and where the networks come from when it names none (lc0's
//! way: beside the binary and in a `maia/` folder there). A folder's
//! networks, and those discovery finds, are checked by name and start
//! only, and read whole the first time traps need one
//! (`rated_networks.rs`): `model_for` is the one door to them.

use super::rated_networks::{rating_words, ChosenNetwork, NetworkShelf, RatedNetwork, SkippedFile};
use super::ReplyModel;
use crate::tunables::Tunables;
use std::path::{Path, PathBuf};

/// The `OpponentModel` option: `natural` (the built-in model), `search`
/// (the paper's), a network file, or a folder of rated networks, from
/// which the network rated nearest the opponent is taken (the middle one
/// while the opponent's rating is unknown). Named nothing
/// (`<autodiscover>`, the default), the engine looks for rated networks
/// where lc0 users keep them (`discover`).
#[derive(Clone, Debug, Default)]
pub enum OpponentModelChoice {
    #[default]
    Natural,
    Search,
    /// A file, or the rated networks of a folder or of discovery.
    Networks(NetworkShelf),
    /// Discovery found no rated network in the shelf's folders: the
    /// natural model plays, and the engine says why.
    NoneFound(NetworkShelf),
}

/// The option's value that asks for discovery, as lc0 spells its own.
pub const AUTODISCOVER: &str = "<autodiscover>";

/// Where the engine looks for networks when `OpponentModel` names none:
/// beside its binary and in a `maia/` folder there, as lc0 looks for its
/// weights beside its own.
pub fn discovery_folders() -> Vec<PathBuf> {
    let Some(dir) = std::env::current_exe().ok().and_then(|exe| exe.parent().map(Path::to_path_buf)) else {
        return Vec::new();
    };
    vec![dir.join("maia"), dir]
}

impl OpponentModelChoice {
    /// Reads the option's value; errors name the file or folder at fault.
    /// Empty or `<autodiscover>`: `discover` in `discovery_folders`. A
    /// file is read at once; a folder's networks when first needed.
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
            return Ok(OpponentModelChoice::Networks(NetworkShelf::single(RatedNetwork::loaded(path)?)));
        }
        std::fs::read_dir(path).map_err(|e| format!("cannot read folder {value}: {e}"))?;
        let shelf = NetworkShelf::in_folders(&[path.to_path_buf()]);
        if shelf.networks.is_empty() {
            let skipped: Vec<String> = shelf.skipped.iter().map(SkippedFile::line).collect();
            let skipped = if skipped.is_empty() { String::new() } else { format!(" ({})", skipped.join("; ")) };
            return Err(format!("folder {value} holds no rated network (*.pb.gz, *.pb, named with a rating){skipped}"));
        }
        Ok(OpponentModelChoice::Networks(shelf))
    }

    /// `discover` in `discovery_folders`, once a process: the folders
    /// are the binary's, and a harness builds a player per worker and
    /// pairing, which share the networks read.
    pub fn beside_the_binary() -> OpponentModelChoice {
        static FOUND: std::sync::OnceLock<OpponentModelChoice> = std::sync::OnceLock::new();
        FOUND.get_or_init(|| OpponentModelChoice::discover(&discovery_folders())).clone()
    }

    /// The rated networks in `folders` (a file name that carries a rating,
    /// `rating_in_name`), checked by their start, none read whole. A file
    /// that fails is passed over with its reason (`skipped`): discovery
    /// never stops an engine from starting.
    pub fn discover(folders: &[PathBuf]) -> OpponentModelChoice {
        let shelf = NetworkShelf::in_folders(folders);
        if shelf.networks.is_empty() {
            OpponentModelChoice::NoneFound(shelf)
        } else {
            OpponentModelChoice::Networks(shelf)
        }
    }

    /// The files a folder or discovery passed over, with the reasons.
    pub fn skipped(&self) -> &[SkippedFile] {
        match self {
            OpponentModelChoice::Networks(shelf) | OpponentModelChoice::NoneFound(shelf) => &shelf.skipped,
            _ => &[],
        }
    }

    /// What predicts the replies of an opponent rated `elo`, in words, for
    /// an `info string`, with a warning when a nearer network could not
    /// be read. Reads the network it names if no one has yet.
    pub fn describe(&self, elo: Option<i32>) -> String {
        match self {
            OpponentModelChoice::NoneFound(shelf) => {
                let places: Vec<String> = shelf.folders.iter().map(|f| f.display().to_string()).collect();
                format!("natural (no rated network found in {})", places.join(" or "))
            }
            OpponentModelChoice::Networks(shelf) => describe_chosen(&shelf.choose(elo), shelf.networks.len(), elo),
            OpponentModelChoice::Search => "search".to_string(),
            OpponentModelChoice::Natural => "natural".to_string(),
        }
    }

    /// The model for an opponent rated `elo`, with its parameter from
    /// `tunables`: the network `network_for` gives (read on first use,
    /// then kept), else the natural model or the searched one as the
    /// option says.
    pub fn model_for(&self, elo: Option<i32>, tunables: &Tunables) -> ReplyModel {
        let shelf = match self {
            OpponentModelChoice::Search => return ReplyModel::Search { gap: tunables.trap_opponent_gap as usize },
            OpponentModelChoice::Networks(shelf) => shelf,
            _ => return ReplyModel::Natural { temperature: tunables.trap_temperature },
        };
        match shelf.choose(elo).chosen {
            Some((rated, network)) => ReplyModel::Network { name: rated.name.clone(), network },
            None => ReplyModel::Natural { temperature: tunables.trap_temperature },
        }
    }

    /// The network for an opponent rated `elo`: the nearest rated one that
    /// can be read (the stronger of two as near); `None` for the natural
    /// model.
    pub fn network_for(&self, elo: Option<i32>) -> Option<&RatedNetwork> {
        let OpponentModelChoice::Networks(shelf) = self else { return None };
        shelf.choose(elo).chosen.map(|(rated, _)| rated)
    }
}

/// "maia-1500 (rated 1500, of 3 networks, for an opponent rated 1400)",
/// and a warning for each nearer network that could not be read.
fn describe_chosen(choice: &ChosenNetwork, count: usize, elo: Option<i32>) -> String {
    let unusable: Vec<String> = choice
        .unusable
        .iter()
        .map(|(rated, reason)| format!("{} ({}): {reason}", rated.name, rated.rating()))
        .collect();
    let plural = if count == 1 { "" } else { "s" };
    match &choice.chosen {
        Some((rated, _)) => {
            let mut said = format!(
                "{} ({}, of {count} network{plural}, for an opponent {})",
                rated.name,
                rated.rating(),
                rating_words(elo)
            );
            if !unusable.is_empty() {
                said += &format!("; warning: nearer, but could not be used: {}", unusable.join("; "));
            }
            said
        }
        None => {
            format!("natural (warning: none of the {count} network{plural} could be used: {})", unusable.join("; "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::rated_networks::rating_in_name;
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
        std::fs::write(empty.join("lc0-net.pb.gz"), b"unrated").expect("write");
        let error = OpponentModelChoice::from_option(empty.to_str().expect("utf-8")).expect_err("no network");
        assert!(
            error.contains("no rated network") && error.contains("lc0-net.pb.gz: its name carries no rating"),
            "{error}"
        );
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
        std::fs::write(dir.join("maia-1900.pb.gz"), &net).expect("write");
        // An engine network (a training step, not a rating), a file that
        // is no network and a folder with a network's name: each passed
        // over, with its reason.
        std::fs::write(dir.join("BT4-1024x15x32h-swa-6147500.pb.gz"), &net).expect("write");
        std::fs::write(dir.join("maia-1700.pb.gz"), b"not a network").expect("write");
        std::fs::create_dir_all(dir.join("maia-1800.pb.gz")).expect("dir");
        let found = OpponentModelChoice::discover(&[maia.clone(), dir.clone()]);
        let OpponentModelChoice::Networks(shelf) = &found else { panic!("found nothing: {found:?}") };
        let names: Vec<&str> = shelf.networks.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(names, ["maia-1100", "maia-1500", "maia-1900"]);
        let skipped: Vec<String> = found.skipped().iter().map(SkippedFile::line).collect();
        let said = |file: &str, reason: &str| skipped.iter().any(|l| l.contains(file) && l.contains(reason));
        assert!(said("BT4-1024x15x32h-swa-6147500.pb.gz", "carries no rating"), "{skipped:?}");
        assert!(said("maia-1700.pb.gz", "no lc0 magic number"), "{skipped:?}");
        assert!(said("maia-1800.pb.gz", "is a folder"), "{skipped:?}");
        assert!(said("trappy-discovery", "maia/maia-1900.pb.gz has the same name and comes first"), "{skipped:?}");
        assert_eq!(skipped.len(), 4, "{skipped:?}");
        assert_eq!(found.network_for(Some(1400)).map(|n| n.name.as_str()), Some("maia-1500"));
        let said = found.describe(Some(1400));
        assert_eq!(said, "maia-1500 (rated 1500, of 3 networks, for an opponent rated 1400)");

        let empty = dir.join("nothing-here");
        std::fs::create_dir_all(&empty).expect("dir");
        let none = OpponentModelChoice::discover(std::slice::from_ref(&empty));
        assert!(none.network_for(Some(1500)).is_none(), "falls back to the natural model");
        let said = none.describe(Some(1500));
        assert!(said.starts_with("natural (no rated network found in") && said.contains("nothing-here"), "{said}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Discovery reads a network whole only when it is chosen; one that
    /// then fails is passed over for the next nearest, with a warning.
    #[test]
    fn a_broken_network_nearest_the_opponent_is_passed_over_with_a_warning() {
        let dir = std::env::temp_dir().join(format!("trappy-broken-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let net = gzipped(&net_bytes(&NetSpec::plane_logits(&[(0, 1.0)])));
        std::fs::write(dir.join("maia-1100.pb.gz"), &net).expect("write");
        // Its start is a network's: only reading it whole shows the cut.
        std::fs::write(dir.join("maia-1600.pb.gz"), &net[..net.len() / 2]).expect("write");
        let found = OpponentModelChoice::discover(std::slice::from_ref(&dir));
        assert!(found.skipped().is_empty(), "{:?}", found.skipped());
        let tunables = Tunables::default();
        let ReplyModel::Network { name, .. } = found.model_for(Some(1600), &tunables) else { panic!("a network") };
        assert_eq!(name, "maia-1100");
        let said = found.describe(Some(1600));
        assert!(
            said.starts_with("maia-1100 (rated 1100, of 2 networks, for an opponent rated 1600); warning: nearer, but could not be used: maia-1600 (rated 1600): network ")
                && said.contains("not a readable gzip file"),
            "{said}"
        );
        // With the good one gone as well, the natural model plays, and says why.
        std::fs::write(dir.join("maia-1100.pb.gz"), &net[..net.len() / 2]).expect("write");
        let broken = OpponentModelChoice::discover(std::slice::from_ref(&dir));
        assert!(matches!(broken.model_for(Some(1600), &tunables), ReplyModel::Natural { .. }));
        assert!(broken.describe(None).starts_with("natural (warning: none of the 2 networks could be used: maia-1"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A device, a huge file or junk named as the option is refused at
    /// once, with the reason; discovery passes them over the same way.
    #[test]
    fn files_that_are_no_network_are_refused_at_once() {
        #[cfg(unix)]
        {
            let error = OpponentModelChoice::from_option("/dev/zero").expect_err("a device");
            assert!(error.contains("/dev/zero is a device"), "{error}");
        }
        let dir = std::env::temp_dir().join(format!("trappy-huge-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let huge = dir.join("maia-1500.pb.gz");
        let file = std::fs::File::create(&huge).expect("temp file");
        std::io::Write::write_all(&mut &file, &crate::lc0::network_file::LC0_HEADER).expect("write");
        file.set_len(8 << 30).expect("a sparse file: no disk taken");
        drop(file);
        let error = OpponentModelChoice::from_option(huge.to_str().expect("utf-8")).expect_err("too large");
        assert!(error.contains("8.0 GiB, more than the 64.0 MiB"), "{error}");
        let junk = dir.join("maia-1900.pb.gz");
        std::fs::File::create(&junk).and_then(|file| file.set_len(200 << 20)).expect("a sparse file");
        let error = OpponentModelChoice::from_option(junk.to_str().expect("utf-8")).expect_err("junk");
        assert!(error.contains("no lc0 magic number"), "{error}");
        let found = OpponentModelChoice::discover(std::slice::from_ref(&dir));
        assert!(matches!(found, OpponentModelChoice::NoneFound(_)));
        assert_eq!(found.skipped().len(), 2, "{:?}", found.skipped());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn one_rule_reads_a_rating_from_a_file_name() {
        assert_eq!(rating_in_name("maia-1500"), Some(1500));
        assert_eq!(rating_in_name("maia-900.pb"), Some(900));
        assert_eq!(rating_in_name("maia1900-v2"), None, "the last run of digits, one digit");
        assert_eq!(rating_in_name("t78"), None);
        assert_eq!(rating_in_name("BT4-1024x15x32h-swa-6147500"), None);
        assert_eq!(rating_in_name("net-9999"), None, "no opponent is rated 9999");
        assert_eq!(rating_in_name("no digits"), None);
    }
}
