//! The config reference (`docs/config.md`) against the config structures:
//! a key a structure accepts and the reference does not name fails here.

use crate::config::adjudication_section::{AdjudicationSection, DrawSection, ResignSection};
use crate::config::engine_section::EngineSection;
use crate::config::match_config::{MatchConfig, SprtSection, TournamentSection};
use crate::config::openings_section::{OddsSection, OpeningsSection};
use crate::tune::config::{ParamSection, TuneConfig, TuneSection};
use serde::de::DeserializeOwned;

const REFERENCE: &str = include_str!("../../../docs/config.md");

/// The keys a structure accepts, as serde names them when it refuses an
/// unknown one ("unknown field `x`, expected one of `a`, `b`").
fn keys_of<T: DeserializeOwned>() -> Vec<String> {
    let Err(error) = toml::from_str::<T>("not_a_key_of_any_section = 0") else {
        panic!("an unknown key was accepted");
    };
    let message = error.to_string();
    let expected = message.split("expected ").nth(1).unwrap_or_else(|| panic!("no key list in: {message}"));
    expected.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

/// The reference's text under `heading`, up to the next heading.
fn section(heading: &str) -> &'static str {
    let start = REFERENCE.find(&format!("{heading}\n")).unwrap_or_else(|| panic!("no heading {heading}"));
    let body = &REFERENCE[start + heading.len()..];
    let end = body.find("\n#").unwrap_or(body.len());
    &body[..end]
}

fn check_table<T: DeserializeOwned>(heading: &str) -> usize {
    let keys = keys_of::<T>();
    let text = section(heading);
    for key in &keys {
        assert!(text.contains(&format!("| `{key}` |")), "docs/config.md, {heading}: no row for `{key}`");
    }
    keys.len()
}

#[test]
fn the_reference_names_every_key_of_every_section() {
    let sections = [
        check_table::<TournamentSection>("### `[tournament]`"),
        check_table::<OpeningsSection>("### `[openings]` (match and tuning configs)"),
        check_table::<OddsSection>("#### `odds`"),
        check_table::<AdjudicationSection>("### `[adjudication]` (match and tuning configs)"),
        check_table::<ResignSection>("#### `resign`"),
        check_table::<DrawSection>("#### `draw`"),
        check_table::<SprtSection>("### `[sprt]`"),
        check_table::<EngineSection>(
            "### `[[engine]]` (match configs; `[candidate]` and `[[opponent]]` in tuning configs)",
        ),
        check_table::<TuneSection>("### `[tune]`"),
        check_table::<ParamSection>("### `[[param]]`"),
    ];
    // The check itself can fail: every section has keys, and a key no
    // section has is not found.
    assert!(sections.iter().all(|&keys| keys >= 2), "{sections:?}");
    assert!(!section("### `[tune]`").contains("| `not_a_key_of_any_section` |"));
}

#[test]
fn the_reference_names_every_section_of_both_configs() {
    let match_sections = section("## Match config (`tuner match CONFIG.toml`)");
    for key in keys_of::<MatchConfig>() {
        let named = match_sections.contains(&format!("`[{key}]`")) || match_sections.contains(&format!("`[[{key}]]`"));
        assert!(named, "docs/config.md: the match config's section `{key}` is not named");
    }
    let tune_sections = section("## Tuning config (`tuner tune CONFIG.toml`)");
    for key in keys_of::<TuneConfig>() {
        let named = tune_sections.contains(&format!("`[{key}]`")) || tune_sections.contains(&format!("`[[{key}]]`"));
        assert!(named, "docs/config.md: the tuning config's section `{key}` is not named");
    }
}

/// The README's worked examples are the shipped files, so what a newcomer
/// copies is what the config test loads and CI checks.
#[test]
fn the_readme_examples_are_the_shipped_configs() {
    let readme = include_str!("../../../README.md");
    let mut shown = 0;
    for block in readme.split("```toml\n").skip(1) {
        let block = &block[..block.find("```").expect("a closed block")];
        let Some(name) =
            block.lines().next().and_then(|l| l.strip_prefix("# configs/")).and_then(|l| l.split(':').next())
        else {
            continue;
        };
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs").join(name);
        let shipped = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(block, shipped, "README's {name} differs from configs/{name}");
        shown += 1;
    }
    assert!(shown >= 2, "{shown} examples");
}
