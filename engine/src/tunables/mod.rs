//! Every search and evaluation parameter, declared once (`table.rs`).
//!
//! From that one table come the UCI options (`setoption name X value N`),
//! the TOML keys the tuner reads, options files, and the `trappy spsa`
//! listing in OpenBench's format; each row says what kind of parameter it
//! is and whether a GUI's option list shows it. Names are matched
//! case-insensitively, as UCI says.

mod export;
mod options_file;
mod piece_square;
mod score_pair;
mod table;
mod value;

pub use export::{openbench_spsa_lines, uci_option_lines};
pub use options_file::{load_options_file, read_options_file, user_options};
pub use piece_square::{PieceSquareKey, PieceSquareWeights, PIECE_SQUARE_RANGE};
pub use score_pair::{MAX_PHASE, S};
use std::collections::BTreeSet;
use std::fmt;
pub use table::{Tunables, TUNABLE_SPECS};
pub use value::{choices_of, parse_value, read_check, read_number, within_range};

/// What a parameter is, which decides how UCI shows it and whether SPSA
/// tunes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TunableKind {
    /// A weight of the classical evaluation: SPSA and `tuner fit` tune it.
    Evaluation,
    /// A quantity of the search or the trappy root: SPSA tunes it.
    Strength,
    /// One of named values, its integer the value's place in the list. UCI
    /// shows a combo (a check for false/true); SPSA leaves it out, since a
    /// step between two choices means nothing.
    Choice(&'static [&'static str]),
    /// A knob of a fallible opponent model (`fallible/`): an option for
    /// whoever wants a weaker player, not strength, so SPSA leaves it out.
    OpponentModel,
}

/// One parameter's row in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TunableSpec {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    /// SPSA's final perturbation size (OpenBench's `c_end`).
    pub step: i32,
    pub kind: TunableKind,
    /// Whether `uci` lists it for a GUI user; every tunable is listed with
    /// `--all-options` and settable by name.
    pub shown: bool,
}

impl TunableSpec {
    /// The spec of a parameter by case-insensitive name.
    pub fn named(name: &str) -> Option<&'static TunableSpec> {
        TUNABLE_SPECS.iter().find(|spec| spec.name.eq_ignore_ascii_case(name))
    }

    /// Whether SPSA may tune it: a quantity of the engine's own.
    pub fn is_tuned(&self) -> bool {
        matches!(self.kind, TunableKind::Evaluation | TunableKind::Strength)
    }

    /// `value` inside this parameter's range.
    pub fn clamp(&self, value: i32) -> i32 {
        value.clamp(self.min, self.max)
    }

    /// The values of a choice, `None` for a number.
    pub fn choices(&self) -> Option<&'static [&'static str]> {
        match self.kind {
            TunableKind::Choice(values) => Some(values),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TunableError {
    Unknown(String),
    OutOfRange {
        name: String,
        value: i64,
        min: i64,
        max: i64,
    },
    /// Text that is neither a whole number nor, for a choice, one of its values.
    NotAValue {
        name: String,
        text: String,
        choices: Option<&'static [&'static str]>,
    },
}

/// Options that are gone, and what took their place: an old options file,
/// config or GUI setting is told what to write instead.
const RETIRED: &[(&str, &str)] = &[
    ("TrapMethod", "OpponentModel names the model: natural, search, a network file or a folder"),
    ("TrapUnknownOpponent", "Traps on sets traps whatever is known of the opponent"),
    ("TrapScale", "TrapTrust is the trust in the opponent model; Traps off turns traps off"),
    ("TrapReplies", "TrapCoverage alone says which replies are searched: the likeliest, until they carry its share"),
    ("TrapCandidates", "TrapBudget alone caps the decision: alternatives are verified while its allowance lasts"),
    (
        "TrapMargin",
        "an alternative beats the plain move by a fixed 5 permille of a point: no run found a margin that pays",
    ),
];

/// What took the place of a retired option, `None` for any other name.
pub fn retired(name: &str) -> Option<&'static str> {
    RETIRED.iter().find(|(old, _)| old.eq_ignore_ascii_case(name)).map(|&(_, instead)| instead)
}

impl fmt::Display for TunableError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            TunableError::Unknown(name) => match retired(name) {
                Some(instead) => write!(f, "option '{name}' is retired: {instead}"),
                None => write!(f, "unknown option '{name}'"),
            },
            TunableError::OutOfRange { name, value, min, max } => {
                write!(f, "{name} must be between {min} and {max}, not {value}")
            }
            TunableError::NotAValue { name, text, choices } => match choices {
                Some(values) => write!(f, "{name} needs one of {}, not '{text}'", values.join(", ")),
                None => write!(f, "{name} needs a whole number, not '{text}'"),
            },
        }
    }
}

impl std::error::Error for TunableError {}

/// The named tunables the user set (by `setoption`, an options file or a
/// config's options), whatever the value: where the engine would derive a
/// value from what it knows (the result curve from the opponent's
/// rating), the user's stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetByUser(BTreeSet<&'static str>);

impl SetByUser {
    /// Notes that the user set `name` (an unknown name is not noted).
    pub fn record(&mut self, name: &str) {
        if let Some(spec) = TunableSpec::named(name) {
            self.0.insert(spec.name);
        }
    }

    pub fn contains(&self, name: &str) -> bool {
        TunableSpec::named(name).is_some_and(|spec| self.0.contains(spec.name))
    }
}

impl Tunables {
    /// Index of a parameter by case-insensitive name.
    pub fn index_of(name: &str) -> Option<usize> {
        TUNABLE_SPECS.iter().position(|spec| spec.name.eq_ignore_ascii_case(name))
    }

    /// Whether `name` is a tunable: a named one or a piece-square weight.
    pub fn is_known(name: &str) -> bool {
        Tunables::index_of(name).is_some() || PieceSquareKey::parse(name).is_some()
    }

    pub fn get(&self, name: &str) -> Option<i32> {
        match Tunables::index_of(name) {
            Some(index) => self.value(index),
            None => PieceSquareKey::parse(name).map(|key| self.piece_square.get(key)),
        }
    }

    /// Sets a parameter after checking its name and range.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), TunableError> {
        // The table's ranges are i32, so a value within one is too.
        let in_range = |spec_name: &str, min: i32, max: i32| {
            within_range(spec_name, value, i64::from(min), i64::from(max)).map(|value| value as i32)
        };
        if let Some(index) = Tunables::index_of(name) {
            let spec = TUNABLE_SPECS[index];
            let value = in_range(spec.name, spec.min, spec.max)?;
            if let Some(slot) = self.slot(index) {
                *slot = value;
            }
            return Ok(());
        }
        let key = PieceSquareKey::parse(name).ok_or_else(|| TunableError::Unknown(name.to_string()))?;
        let (min, max) = PIECE_SQUARE_RANGE;
        *self.piece_square.slot(key) = in_range(&key.name(), min, max)?;
        Ok(())
    }

    /// Every parameter whose value differs from `base`'s, named ones first
    /// in table order, then piece-square weights.
    pub fn changed_from(&self, base: &Tunables) -> Vec<(String, i32)> {
        let named = self.values().zip(base.values()).filter(|(ours, theirs)| ours.1 != theirs.1);
        let mut changed: Vec<(String, i32)> = named.map(|((name, value), _)| (name.to_string(), value)).collect();
        for key in PieceSquareKey::all() {
            let value = self.piece_square.get(key);
            if value != base.piece_square.get(key) {
                changed.push((key.name(), value));
            }
        }
        changed
    }

    /// Every named parameter moved inside its range (a value set directly
    /// on a field may lie outside it).
    pub fn clamp_to_ranges(&mut self) {
        for (index, spec) in TUNABLE_SPECS.iter().enumerate() {
            if let Some(slot) = self.slot(index) {
                *slot = spec.clamp(*slot);
            }
        }
    }

    /// `(name, value)` for every named parameter, in table order (the
    /// piece-square weights are left out: there are 800 of them).
    pub fn values(&self) -> impl Iterator<Item = (&'static str, i32)> + '_ {
        TUNABLE_SPECS.iter().enumerate().map(|(index, spec)| (spec.name, self.value(index).unwrap_or(spec.default)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_inside_their_ranges_and_names_are_unique() {
        let mut names = std::collections::HashSet::new();
        for spec in TUNABLE_SPECS {
            assert!(spec.min <= spec.default && spec.default <= spec.max, "{}", spec.name);
            assert!(spec.step > 0, "{}", spec.name);
            assert!(names.insert(spec.name.to_ascii_lowercase()), "duplicate {}", spec.name);
        }
    }

    #[test]
    fn set_checks_name_and_range() {
        let mut tunables = Tunables::default();
        assert_eq!(tunables.set("tempo", 20), Ok(()));
        assert_eq!(tunables.tempo, 20);
        assert!(matches!(tunables.set("Tempo", 1000), Err(TunableError::OutOfRange { .. })));
        assert!(matches!(tunables.set("NoSuchThing", 1), Err(TunableError::Unknown(_))));
        assert_eq!(tunables.tempo, 20);
        // Piece-square weights by name, case-insensitively, range-checked.
        assert_eq!(tunables.set("pstknighte4mg", 33), Ok(()));
        assert_eq!(tunables.get("PstKnightE4Mg"), Some(33));
        assert!(Tunables::is_known("PstKingG1Eg") && !Tunables::is_known("PstPawnA1Mg"));
        let error = tunables.set("PstKnightE4Mg", 5000).expect_err("out of range");
        assert!(error.to_string().contains("PstKnightE4Mg"), "{error}");
        let changed = tunables.changed_from(&Tunables::default());
        assert_eq!(changed, vec![("Tempo".to_string(), 20), ("PstKnightE4Mg".to_string(), 33)]);
    }

    #[test]
    fn clamping_follows_the_table() {
        let mut tunables = Tunables { contempt: 5000, weak_top_k: -3, tempo: 30, ..Tunables::default() };
        tunables.clamp_to_ranges();
        let range = |name| TunableSpec::named(name).map(|spec| (spec.min, spec.max));
        assert_eq!(Some(tunables.contempt), range("Contempt").map(|r| r.1));
        assert_eq!(Some(tunables.weak_top_k), range("WeakTopK").map(|r| r.0));
        assert_eq!(tunables.tempo, 30);
    }
}
