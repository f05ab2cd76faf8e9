//! Options files: TOML with one `[options]` table of `Name = value`, the
//! format `tuner tune` writes and the engine, `tuner match` and `tuner
//! fit` read.

use super::{parse_value, SetByUser, Tunables};
use std::path::Path;

/// The defaults with the options file at `path` applied; errors name the
/// file and the key at fault.
pub fn load_options_file(path: &Path) -> Result<Tunables, String> {
    read_options_file(path).and_then(|entries| user_options(&entries)).map(|(tunables, _)| tunables)
}

/// The defaults with `entries` set by name, and their names recorded as
/// the user's.
pub fn user_options(entries: &[(String, i64)]) -> Result<(Tunables, SetByUser), String> {
    let mut tunables = Tunables::default();
    let mut set_by_user = SetByUser::default();
    for (name, value) in entries {
        tunables.set(name, *value).map_err(|e| format!("options.{name}: {e}"))?;
        set_by_user.record(name);
    }
    Ok((tunables, set_by_user))
}

/// The options file at `path` as written: each `(name, value)` in the
/// file's order, every value checked (so they can be set by name, as the
/// user's); errors name the file and the key at fault.
pub fn read_options_file(path: &Path) -> Result<Vec<(String, i64)>, String> {
    let failed = |e: String| format!("options file {}: {e}", path.display());
    let text = std::fs::read_to_string(path).map_err(|e| failed(e.to_string()))?;
    options_entries(&text).map_err(failed)
}

/// The `(name, value)` entries of an options file's text, checked against
/// the table. Errors name the key at fault.
fn options_entries(text: &str) -> Result<Vec<(String, i64)>, String> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| format!("not valid TOML: {e}"))?;
    if let Some(other) = table.keys().find(|key| key.as_str() != "options") {
        return Err(format!("unknown key '{other}' (an options file has only an [options] table)"));
    }
    let options = match table.get("options") {
        Some(toml::Value::Table(options)) => options,
        Some(_) => return Err("'options' must be a table".into()),
        None => return Err("no [options] table".into()),
    };
    let mut checked = Tunables::default();
    let mut entries = Vec::with_capacity(options.len());
    for (name, value) in options {
        let text = match value {
            toml::Value::Integer(number) => number.to_string(),
            toml::Value::String(text) => text.clone(),
            other => other.to_string(),
        };
        let number = parse_value(name, &text).map_err(|e| format!("options.{name}: {e}"))?;
        checked.set(name, number).map_err(|e| format!("options.{name}: {e}"))?;
        entries.push((name.clone(), number));
    }
    Ok(entries)
}

impl Tunables {
    /// Applies an options file: TOML with one `[options]` table of
    /// `Name = integer` (a choice option may also be given by name). This
    /// is the format `tuner tune` writes. Errors name the key at fault.
    pub fn apply_options_toml(&mut self, text: &str) -> Result<(), String> {
        let mut updated = self.clone();
        for (name, value) in options_entries(text)? {
            updated.set(&name, value).map_err(|e| format!("options.{name}: {e}"))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_files_round_trip_and_name_their_errors() {
        let mut tuned = Tunables::default();
        tuned.set("TrapTrust", 85).expect("valid");
        tuned.set("TrapProfitCap", 55).expect("valid");
        let text = tuned.options_toml(&["tuned by a test".to_string()]);
        assert!(text.starts_with("# tuned by a test\n[options]\n"), "{text}");
        let mut read = Tunables::default();
        read.apply_options_toml(&text).expect("valid file");
        assert_eq!(read, tuned);
        let cases = [
            ("[options]\nTrapTrust = 9999", "TrapTrust"),
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
        let mut mode = Tunables::default();
        mode.apply_options_toml("[options]\nTraps = \"on\"").expect("by name");
        assert_eq!(mode.trap_mode, 1);
        mode.apply_options_toml("[options]\nTraps = \"Off\"").expect("by name");
        assert_eq!(mode.trap_mode, 2);
        let error = mode.apply_options_toml("[options]\nTraps = \"sometimes\"").expect_err("no such value");
        assert!(error.contains("Traps") && error.contains("auto"), "{error}");
        let error = mode.apply_options_toml("[options]\nTrapUnknownOpponent = true").expect_err("retired");
        assert!(error.contains("retired") && error.contains("Traps on"), "{error}");
    }

    #[test]
    fn a_missing_or_broken_file_is_named() {
        let missing = load_options_file(Path::new("/nonexistent/options.toml")).expect_err("missing");
        assert!(missing.contains("/nonexistent/options.toml"), "{missing}");
        let path = std::env::temp_dir().join(format!("trappy-options-{}.toml", std::process::id()));
        std::fs::write(&path, "[options]\nTempo = 31\n").expect("write");
        assert_eq!(load_options_file(&path).map(|t| t.tempo), Ok(31));
        std::fs::write(&path, "[options]\nTempo = 9999\n").expect("write");
        let error = load_options_file(&path).expect_err("out of range");
        assert!(error.contains("Tempo") && error.contains("trappy-options"), "{error}");
        let _ = std::fs::remove_file(&path);
    }
}
