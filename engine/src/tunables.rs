//! Every search and evaluation parameter, declared once.
//!
//! From this one table come the UCI spin options (`setoption name X value
//! N`), the TOML keys the tuner reads, and the `trappy spsa` listing in
//! OpenBench's format. Names are matched case-insensitively, as UCI says.

use crate::eval::{PieceSquareKey, PieceSquareWeights, PIECE_SQUARE_RANGE};
use std::fmt;

/// One parameter's metadata.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TunableSpec {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    /// SPSA's final perturbation size (OpenBench's `c_end`).
    pub step: i32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TunableError {
    Unknown(String),
    OutOfRange { name: String, value: i64, min: i32, max: i32 },
}

impl fmt::Display for TunableError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            TunableError::Unknown(name) => write!(f, "unknown option '{name}'"),
            TunableError::OutOfRange { name, value, min, max } => {
                write!(f, "{name} must be between {min} and {max}, not {value}")
            }
        }
    }
}

impl std::error::Error for TunableError {}

macro_rules! declare_tunables {
    ($($field:ident : $name:literal = $default:expr, $min:expr, $max:expr, $step:expr;)*) => {
        /// Current values of every tunable.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Tunables {
            $(pub $field: i32,)*
            /// The piece-square weights, named `Pst<Piece><square><Mg|Eg>`.
            pub piece_square: PieceSquareWeights,
        }

        impl Default for Tunables {
            fn default() -> Tunables {
                Tunables { $($field: $default,)* piece_square: PieceSquareWeights::default() }
            }
        }

        /// The table, in declaration order.
        pub const TUNABLE_SPECS: &[TunableSpec] = &[
            $(TunableSpec { name: $name, default: $default, min: $min, max: $max, step: $step },)*
        ];

        impl Tunables {
            pub(crate) fn slot(&mut self, index: usize) -> Option<&mut i32> {
                let slots = [$(&mut self.$field,)*];
                slots.into_iter().nth(index)
            }

            pub(crate) fn value(&self, index: usize) -> Option<i32> {
                [$(self.$field,)*].get(index).copied()
            }
        }
    };
}

declare_tunables! {
    // Material, middlegame and endgame.
    pawn_mg: "PawnValueMg" = 105, 40, 200, 5;
    pawn_eg: "PawnValueEg" = 75, 40, 250, 5;
    knight_mg: "KnightValueMg" = 471, 200, 500, 10;
    knight_eg: "KnightValueEg" = 243, 200, 500, 10;
    bishop_mg: "BishopValueMg" = 497, 200, 500, 10;
    bishop_eg: "BishopValueEg" = 259, 200, 500, 10;
    rook_mg: "RookValueMg" = 641, 300, 700, 12;
    rook_eg: "RookValueEg" = 496, 300, 800, 12;
    queen_mg: "QueenValueMg" = 1241, 700, 1400, 20;
    queen_eg: "QueenValueEg" = 959, 700, 1400, 20;
    // Mobility per reachable square, relative to a typical count.
    knight_mobility_mg: "KnightMobilityMg" = 9, -10, 40, 1;
    knight_mobility_eg: "KnightMobilityEg" = -7, -10, 40, 1;
    bishop_mobility_mg: "BishopMobilityMg" = 8, -10, 40, 1;
    bishop_mobility_eg: "BishopMobilityEg" = 4, -10, 40, 1;
    rook_mobility_mg: "RookMobilityMg" = 6, -10, 40, 1;
    rook_mobility_eg: "RookMobilityEg" = 2, -10, 40, 1;
    queen_mobility_mg: "QueenMobilityMg" = 4, -10, 40, 1;
    queen_mobility_eg: "QueenMobilityEg" = 1, -10, 40, 1;
    // Pawn structure.
    // Passed pawns by relative rank, then blocked, then king distances
    // (both scaled by how far the pawn has come).
    passed_rank2_mg: "PassedRank2Mg" = 6, -50, 300, 4;
    passed_rank2_eg: "PassedRank2Eg" = 30, -50, 400, 4;
    passed_rank3_mg: "PassedRank3Mg" = -17, -50, 300, 4;
    passed_rank3_eg: "PassedRank3Eg" = -11, -50, 400, 4;
    passed_rank4_mg: "PassedRank4Mg" = 5, -50, 300, 4;
    passed_rank4_eg: "PassedRank4Eg" = -13, -50, 400, 4;
    passed_rank5_mg: "PassedRank5Mg" = 30, -50, 300, 4;
    passed_rank5_eg: "PassedRank5Eg" = -19, -50, 400, 4;
    passed_rank6_mg: "PassedRank6Mg" = 35, -50, 300, 4;
    passed_rank6_eg: "PassedRank6Eg" = 20, -50, 400, 4;
    passed_rank7_mg: "PassedRank7Mg" = 140, -50, 300, 4;
    passed_rank7_eg: "PassedRank7Eg" = 65, -50, 400, 4;
    passed_blocked_mg: "PassedBlockedMg" = 9, -30, 60, 2;
    passed_blocked_eg: "PassedBlockedEg" = 7, -30, 60, 2;
    passed_our_king_eg: "PassedOurKingEg" = 5, -20, 40, 1;
    passed_their_king_eg: "PassedTheirKingEg" = 6, -20, 40, 1;
    isolated_pawn_mg: "IsolatedPawnMg" = 14, -25, 100, 2;
    isolated_pawn_eg: "IsolatedPawnEg" = 8, -25, 100, 2;
    doubled_pawn_mg: "DoubledPawnMg" = 2, -25, 100, 2;
    doubled_pawn_eg: "DoubledPawnEg" = 9, -30, 120, 2;
    backward_pawn_mg: "BackwardPawnMg" = 9, -30, 80, 2;
    backward_pawn_eg: "BackwardPawnEg" = 9, -30, 80, 2;
    pawn_supported_mg: "PawnSupportedMg" = 18, -30, 80, 2;
    pawn_supported_eg: "PawnSupportedEg" = 7, -30, 80, 2;
    pawn_phalanx_mg: "PawnPhalanxMg" = 7, -30, 80, 2;
    pawn_phalanx_eg: "PawnPhalanxEg" = 5, -30, 80, 2;
    // King safety.
    king_attack_weight: "KingAttackWeight" = 31, 0, 120, 2;
    king_shield_mg: "KingShieldMg" = 9, -20, 80, 2;
    king_open_file_mg: "KingOpenFileMg" = 21, -30, 120, 3;
    // Pieces.
    bishop_pair_mg: "BishopPairMg" = 23, -40, 160, 4;
    bishop_pair_eg: "BishopPairEg" = 67, -50, 200, 4;
    rook_open_file_mg: "RookOpenFileMg" = 43, -40, 160, 3;
    rook_open_file_eg: "RookOpenFileEg" = -6, -30, 120, 3;
    rook_semi_open_mg: "RookSemiOpenMg" = 16, -30, 120, 3;
    rook_semi_open_eg: "RookSemiOpenEg" = 19, -20, 80, 3;
    knight_outpost_mg: "KnightOutpostMg" = 21, -30, 100, 3;
    knight_outpost_eg: "KnightOutpostEg" = 33, -30, 100, 3;
    // Threats against enemy pieces.
    threat_by_pawn_mg: "ThreatByPawnMg" = 47, -30, 200, 4;
    threat_by_pawn_eg: "ThreatByPawnEg" = 30, -30, 200, 4;
    threat_by_minor_mg: "ThreatByMinorMg" = 38, -30, 200, 4;
    threat_by_minor_eg: "ThreatByMinorEg" = 13, -30, 200, 4;
    threat_by_rook_mg: "ThreatByRookMg" = 40, -30, 200, 4;
    threat_by_rook_eg: "ThreatByRookEg" = 15, -30, 200, 4;
    hanging_piece_mg: "HangingPieceMg" = 20, -30, 200, 4;
    hanging_piece_eg: "HangingPieceEg" = 29, -30, 200, 4;
    tempo: "Tempo" = 23, 0, 60, 2;
    // Search.
    aspiration_window: "AspirationWindow" = 20, 5, 100, 3;
    // How much worse than 0 a draw is for the engine: above 0 against a
    // weaker opponent, below against a stronger one (opponent.rs).
    contempt: "Contempt" = 0, -1000, 1000, 5;
    null_move_base: "NullMoveBase" = 3, 1, 6, 1;
    null_move_divisor: "NullMoveDivisor" = 4, 2, 10, 1;
    rfp_depth: "RfpDepth" = 7, 1, 12, 1;
    rfp_margin: "RfpMargin" = 75, 20, 200, 8;
    lmr_base: "LmrBase" = 75, 0, 200, 8;
    lmr_divisor: "LmrDivisor" = 225, 100, 400, 12;
    // A quiet's history over this is one ply less (or more) reduction.
    lmr_history: "LmrHistory" = 8192, 2048, 32768, 512;
    delta_margin: "DeltaMargin" = 200, 50, 500, 15;
    lmp_depth: "LmpDepth" = 6, 0, 12, 1;
    futility_depth: "FutilityDepth" = 6, 0, 12, 1;
    futility_base: "FutilityBase" = 60, 0, 300, 10;
    futility_margin: "FutilityMargin" = 90, 20, 300, 8;
    iir_depth: "IirDepth" = 4, 2, 12, 1;
    // The table's move is searched a ply deeper when, from this depth, a
    // search without it falls this many centipawns per ply below its score.
    singular_depth: "SingularDepth" = 8, 4, 14, 1;
    singular_margin: "SingularMargin" = 2, 1, 8, 1;
    // Moves whose exchange loses more than the margin (per ply for quiets,
    // per ply squared for captures) are skipped this near the leaves.
    see_depth: "SeeDepth" = 8, 0, 12, 1;
    see_quiet_margin: "SeeQuietMargin" = 60, 0, 200, 8;
    see_capture_margin: "SeeCaptureMargin" = 20, 0, 100, 3;
    // Time. Without movestogo the clock is shared as if this many moves were
    // left: each move takes a share of what is left, so the clock shrinks
    // geometrically, and a settled root stops well before its soft limit
    // (about two fifths of the share used). At 25 the engine ended 60s+0.6s
    // games with a quarter of its clock unused.
    time_moves_to_go: "TimeMovesToGo" = 16, 8, 50, 2;
    // The soft limit's scale from the root's stability (root_stability.rs).
    time_node_base: "TimeNodeBase" = 150, 100, 250, 5;
    time_node_scale: "TimeNodeScale" = 135, 50, 250, 8;
    time_stable_base: "TimeStableBase" = 130, 80, 200, 5;
    time_stable_step: "TimeStableStep" = 8, 0, 20, 1;
    time_stable_min: "TimeStableMin" = 70, 30, 100, 4;
    time_score_fall: "TimeScoreFall" = 75, 0, 200, 8;
    // Trappy root (see docs/trappy-root.md). TrapScale 0 turns it off; it
    // sets traps only against an opponent known to be fallible (a human,
    // or rated below the engine) unless TrapUnknownOpponent is on.
    trap_scale: "TrapScale" = 100, 0, 100, 10;
    trap_bonus_cap: "TrapBonusCap" = 300, 0, 1000, 10;
    trap_opponent_gap: "TrapOpponentGap" = 2, 2, 6, 1;
    trap_method: "TrapMethod" = 0, 0, 1, 1;
    trap_temperature: "TrapTemperature" = 50, 5, 400, 5;
    trap_unknown_opponent: "TrapUnknownOpponent" = 0, 0, 1, 1;
    trap_min_profit: "TrapMinProfit" = 0, 0, 300, 15;
    trap_switch_margin: "TrapSwitchMargin" = 0, 0, 100, 2;
    trap_budget: "TrapBudget" = 50, 0, 1000, 5;
    trap_candidates: "TrapCandidates" = 8, 1, 16, 1;
    // Fallible opponent models (see fallible.rs), all off by default. They
    // are options, not strength parameters: `trappy spsa` leaves them out.
    weak_depth: "WeakDepth" = 0, 0, 60, 1;
    weak_nodes: "WeakNodes" = 0, 0, 100_000_000, 1000;
    weak_eval_noise: "WeakEvalNoise" = 0, 0, 1000, 10;
    weak_top_k: "WeakTopK" = 1, 1, 16, 1;
    weak_temperature: "WeakTemperature" = 50, 1, 1000, 10;
    weak_seed: "WeakSeed" = 0, 0, 1_000_000_000, 1;
}

/// Whether a parameter configures a fallible opponent model rather than
/// the engine's own strength.
pub fn is_opponent_model(name: &str) -> bool {
    name.starts_with("Weak")
}

/// Options that choose among named values rather than set a quantity.
/// Each value's integer is its place in the list; UCI shows them as a
/// combo (a check for false/true), and `trappy spsa` leaves them out,
/// since a step between two choices means nothing.
pub const CHOICES: &[(&str, &[&str])] =
    &[("TrapMethod", &["natural", "search"]), ("TrapUnknownOpponent", &["false", "true"])];

/// The values of a choice option, `None` for a numeric one.
pub fn choices_of(name: &str) -> Option<&'static [&'static str]> {
    CHOICES.iter().find(|(option, _)| option.eq_ignore_ascii_case(name)).map(|&(_, values)| values)
}

/// Reads the value of option `name` given as text: for a choice option
/// one of its values by name (or its number), for the rest a number.
pub fn parse_value(name: &str, text: &str) -> Option<i64> {
    let text = text.trim();
    let by_name = choices_of(name).and_then(|values| values.iter().position(|v| v.eq_ignore_ascii_case(text)));
    by_name.map(|i| i as i64).or_else(|| text.parse().ok())
}

/// Whether SPSA may tune a parameter: a quantity of the engine's own.
pub fn is_tuned(name: &str) -> bool {
    !is_opponent_model(name) && choices_of(name).is_none()
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
        let in_range = |spec_name: &str, min: i32, max: i32| {
            if value < min as i64 || value > max as i64 {
                Err(TunableError::OutOfRange { name: spec_name.to_string(), value, min, max })
            } else {
                Ok(value as i32)
            }
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

    /// `(name, value)` for every named parameter, in table order (the
    /// piece-square weights are left out: there are 800 of them).
    pub fn values(&self) -> impl Iterator<Item = (&'static str, i32)> + '_ {
        TUNABLE_SPECS.iter().enumerate().map(|(index, spec)| (spec.name, self.value(index).unwrap_or(spec.default)))
    }
}

/// UCI `option` lines for every tunable, with the values in force (the
/// table's defaults unless an options file changed them) as defaults.
pub fn uci_option_lines(values: &Tunables) -> Vec<String> {
    TUNABLE_SPECS
        .iter()
        .zip(values.values())
        .map(|(spec, (_, value))| match choices_of(spec.name) {
            Some(["false", "true"]) => {
                format!("option name {} type check default {}", spec.name, value != 0)
            }
            Some(values) => {
                let default = values.get(value as usize).copied().unwrap_or(values[0]);
                let vars: String = values.iter().map(|v| format!(" var {v}")).collect();
                format!("option name {} type combo default {default}{vars}", spec.name)
            }
            None => {
                format!("option name {} type spin default {value} min {} max {}", spec.name, spec.min, spec.max)
            }
        })
        .collect()
}

impl Tunables {
    /// Applies an options file: TOML with one `[options]` table of
    /// `Name = integer` (a choice option may also be given by name, a
    /// false/true one as a boolean). This is the
    /// format `tuner tune` writes. Errors name the key at fault.
    pub fn apply_options_toml(&mut self, text: &str) -> Result<(), String> {
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| format!("not valid TOML: {e}"))?;
        if let Some(other) = table.keys().find(|key| key.as_str() != "options") {
            return Err(format!("unknown key '{other}' (an options file has only an [options] table)"));
        }
        let options = match table.get("options") {
            Some(toml::Value::Table(options)) => options,
            Some(_) => return Err("'options' must be a table".into()),
            None => return Err("no [options] table".into()),
        };
        let mut updated = self.clone();
        for (name, value) in options {
            let number = match value {
                toml::Value::Integer(number) => *number,
                toml::Value::Boolean(on) if choices_of(name) == Some(&["false", "true"]) => i64::from(*on),
                toml::Value::String(text) if choices_of(name).is_some() => parse_value(name, text)
                    .ok_or_else(|| format!("options.{name}: '{text}' is not one of {:?}", choices_of(name)))?,
                other => return Err(format!("options.{name}: expected an integer, found {}", other.type_str())),
            };
            updated.set(name, number).map_err(|e| format!("options.{name}: {e}"))?;
        }
        *self = updated;
        Ok(())
    }

    /// The `[options]` file for these values: every parameter that differs
    /// from the table's default, under `header` comment lines.
    pub fn options_toml(&self, header: &[String]) -> String {
        let mut text: String = header.iter().map(|line| format!("# {line}\n")).collect();
        text.push_str("[options]\n");
        for (name, value) in self.changed_from(&Tunables::default()) {
            text.push_str(&format!("{name} = {value}\n"));
        }
        text
    }
}

/// OpenBench SPSA input: `name, int, value, min, max, c_end, r_end`.
pub fn openbench_spsa_lines(values: &Tunables) -> Vec<String> {
    TUNABLE_SPECS
        .iter()
        .zip(values.values())
        .filter(|(spec, _)| is_tuned(spec.name))
        .map(|(spec, (_, value))| {
            format!("{}, int, {}, {}, {}, {}, 0.002", spec.name, value, spec.min, spec.max, spec.step)
        })
        .collect()
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
    fn options_files_round_trip_and_name_their_errors() {
        let mut tuned = Tunables::default();
        tuned.set("TrapScale", 85).expect("valid");
        tuned.set("TrapBonusCap", 55).expect("valid");
        let text = tuned.options_toml(&["tuned by a test".to_string()]);
        assert!(text.starts_with("# tuned by a test\n[options]\n"), "{text}");
        let mut read = Tunables::default();
        read.apply_options_toml(&text).expect("valid file");
        assert_eq!(read, tuned);
        let cases = [
            ("[options]\nTrapScale = 9999", "TrapScale"),
            ("[options]\nNoSuch = 1", "NoSuch"),
            ("[options]\nTempo = \"high\"", "Tempo"),
            ("[tune]\nx = 1", "tune"),
            ("options = [", "TOML"),
            ("", "no [options]"),
        ];
        for (text, expected) in cases {
            let mut target = Tunables::default();
            let error = target.apply_options_toml(text).expect_err(text);
            assert!(error.contains(expected), "{text}: {error}");
            assert_eq!(target, Tunables::default(), "a bad file changes nothing");
        }
        let mut method = Tunables::default();
        method.apply_options_toml("[options]\nTrapMethod = \"search\"\nTrapUnknownOpponent = true").expect("by name");
        assert_eq!((method.trap_method, method.trap_unknown_opponent), (1, 1));
        method.apply_options_toml("[options]\nTrapMethod = \"Natural\"").expect("by name");
        assert_eq!(method.trap_method, 0);
        let error = method.apply_options_toml("[options]\nTrapMethod = \"median\"").expect_err("retired");
        assert!(error.contains("TrapMethod") && error.contains("natural"), "{error}");
    }

    #[test]
    fn choices_show_as_combo_and_check() {
        let lines = uci_option_lines(&Tunables::default());
        assert!(lines.contains(&"option name TrapMethod type combo default natural var natural var search".into()));
        assert!(lines.contains(&"option name TrapUnknownOpponent type check default false".into()));
        assert_eq!(parse_value("trapmethod", "SEARCH"), Some(1));
        assert_eq!(parse_value("TrapUnknownOpponent", "true"), Some(1));
        assert_eq!(parse_value("Tempo", "search"), None);
    }

    #[test]
    fn spsa_lines_follow_openbench_format() {
        let lines = openbench_spsa_lines(&Tunables::default());
        let models = TUNABLE_SPECS.iter().filter(|spec| is_opponent_model(spec.name)).count();
        assert_eq!(models, 6);
        assert_eq!(lines.len(), TUNABLE_SPECS.len() - models - CHOICES.len());
        assert!(lines.iter().all(|line| !line.starts_with("Weak")));
        // A choice is no quantity: SPSA never sees one.
        assert!(lines.iter().all(|line| !line.starts_with("TrapMethod") && !line.starts_with("TrapUnknownOpponent")));
        let pawn = Tunables::default().pawn_mg;
        assert_eq!(lines[0], format!("PawnValueMg, int, {pawn}, 40, 200, 5, 0.002"));
    }
}
