//! The one reader of an option's value, for every option the engine
//! takes: the tunables (UCI `setoption`, `--set`, an options file, a
//! config) and the session's own options (`Hash`, `MultiPV`, `Ponder`...).
//! A value is one of the option's named choices (its place in the list)
//! or a whole number, and lies in the option's range.

use super::{TunableError, TunableSpec, Tunables};

/// A check option's values, in the order of their integers.
pub const CHECK: &[&str] = &["false", "true"];

/// `text` read as a value of option `name`: one of `choices` by name,
/// case-insensitively, else a whole number. The range is not checked here.
pub fn read_value(name: &str, text: &str, choices: Option<&'static [&'static str]>) -> Result<i64, TunableError> {
    let text = text.trim();
    let by_name = choices.and_then(|values| values.iter().position(|v| v.eq_ignore_ascii_case(text)));
    by_name.map(|i| i as i64).or_else(|| text.parse().ok()).ok_or_else(|| TunableError::NotAValue {
        name: name.to_string(),
        text: text.to_string(),
        choices,
    })
}

/// `value` if it lies in `min..=max`, else an error naming the option
/// and its range.
pub fn within_range(name: &str, value: i64, min: i64, max: i64) -> Result<i64, TunableError> {
    if value < min || value > max {
        Err(TunableError::OutOfRange { name: name.to_string(), value, min, max })
    } else {
        Ok(value)
    }
}

/// A whole number in `min..=max` (a missing value reads as empty text).
pub fn read_number(name: &str, text: Option<&str>, min: i64, max: i64) -> Result<i64, TunableError> {
    within_range(name, read_value(name, text.unwrap_or_default(), None)?, min, max)
}

/// A check: `true` or `false`.
pub fn read_check(name: &str, text: Option<&str>) -> Result<bool, TunableError> {
    let value = read_value(name, text.unwrap_or_default(), Some(CHECK))?;
    Ok(within_range(name, value, 0, 1)? == 1)
}

/// The value of tunable `name` given as text: for a choice one of its
/// values by name (or its number), for the rest a whole number. An
/// unknown or retired name is refused here; the range is checked by
/// `Tunables::set`.
pub fn parse_value(name: &str, text: &str) -> Result<i64, TunableError> {
    if !Tunables::is_known(name) {
        return Err(TunableError::Unknown(name.to_string()));
    }
    read_value(name, text, choices_of(name))
}

/// The values of a choice option, `None` for a numeric or unknown one.
pub fn choices_of(name: &str) -> Option<&'static [&'static str]> {
    TunableSpec::named(name).and_then(TunableSpec::choices)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_choices_and_checks_are_read_alike() {
        assert_eq!(read_number("MultiPV", Some(" 3 "), 1, 256), Ok(3));
        let refused = |result: Result<i64, TunableError>| result.err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(refused(read_number("MultiPV", Some("300"), 1, 256)), "MultiPV must be between 1 and 256, not 300");
        assert_eq!(refused(read_number("Hash", Some("big"), 1, 64)), "Hash needs a whole number, not 'big'");
        assert_eq!(refused(read_number("Hash", None, 1, 64)), "Hash needs a whole number, not ''");
        assert_eq!(read_check("Ponder", Some("TRUE")), Ok(true));
        assert_eq!(read_check("Ponder", Some("false")), Ok(false));
        let error = read_check("Ponder", Some("maybe")).expect_err("not a check value");
        assert_eq!(error.to_string(), "Ponder needs one of false, true, not 'maybe'");
        assert!(read_check("Ponder", Some("2")).is_err());
    }
}
