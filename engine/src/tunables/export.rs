//! The table as others read it: UCI `option` lines and OpenBench's SPSA
//! input.

use super::{Tunables, TUNABLE_SPECS};

/// UCI `option` lines for every tunable, with the values in force (the
/// table's defaults unless an options file changed them) as defaults.
pub fn uci_option_lines(values: &Tunables) -> Vec<String> {
    TUNABLE_SPECS
        .iter()
        .zip(values.values())
        .map(|(spec, (_, value))| match spec.choices() {
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

/// OpenBench SPSA input: `name, int, value, min, max, c_end, r_end`.
pub fn openbench_spsa_lines(values: &Tunables) -> Vec<String> {
    TUNABLE_SPECS
        .iter()
        .zip(values.values())
        .filter(|(spec, _)| spec.is_tuned())
        .map(|(spec, (_, value))| {
            format!("{}, int, {}, {}, {}, {}, 0.002", spec.name, value, spec.min, spec.max, spec.step)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tunables::{parse_value, TunableKind, TunableSpec};

    #[test]
    fn choices_show_as_combo_and_check() {
        let lines = uci_option_lines(&Tunables::default());
        assert!(lines.contains(&"option name Traps type combo default auto var auto var on var off".into()));
        assert_eq!(parse_value("traps", "OFF"), Ok(2));
        assert_eq!(parse_value("Tempo", " 12 "), Ok(12));
        let refused = |name: &str, text: &str| parse_value(name, text).err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(refused("Tempo", "off"), "Tempo needs a whole number, not 'off'");
        assert_eq!(refused("Traps", "sometimes"), "Traps needs one of auto, on, off, not 'sometimes'");
        assert!(refused("TrapMethod", "search").contains("retired: OpponentModel"));
        assert!(refused("TrapReplies", "4").contains("retired: TrapCoverage alone"));
        assert!(refused("trapcandidates", "8").contains("retired: TrapBudget alone"));
        assert_eq!(refused("NoSuchThing", "1"), "unknown option 'NoSuchThing'");
    }

    #[test]
    fn spsa_lines_follow_openbench_format() {
        let lines = openbench_spsa_lines(&Tunables::default());
        let left_out = |kind: fn(&TunableSpec) -> bool| TUNABLE_SPECS.iter().filter(|spec| kind(spec)).count();
        let models = left_out(|spec| spec.kind == TunableKind::OpponentModel);
        assert_eq!(models, 6);
        assert_eq!(lines.len(), TUNABLE_SPECS.len() - models - left_out(|spec| spec.choices().is_some()));
        assert!(lines.iter().all(|line| !line.starts_with("Weak")));
        // A choice is no quantity: SPSA never sees one.
        assert!(lines.iter().all(|line| !line.starts_with("Traps,")));
        let pawn = Tunables::default().pawn_mg;
        assert_eq!(lines[0], format!("PawnValueMg, int, {pawn}, 40, 200, 5, 0.002"));
    }
}
