//! Reading EPD perft suites: a FEN (4 or 6 fields) followed by
//! `;D<depth> <count>` entries separated by semicolons.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    pub fen: String,
    /// (depth, expected node count), in the order the line gives them.
    pub expected: Vec<(u32, u64)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftSuiteError {
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for PerftSuiteError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for PerftSuiteError {}

/// Parses one suite line. Blank lines and `#` comments give `Ok(None)`.
/// Trailing NUL bytes and stray spaces are ignored.
pub fn parse_perft_line(line: &str, line_number: usize) -> Result<Option<PerftCase>, PerftSuiteError> {
    let line = line.trim_matches(|c: char| c == '\0' || c.is_whitespace());
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let fail = |reason: String| PerftSuiteError { line: line_number, reason };
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or_default().trim().to_string();
    let mut expected = Vec::new();
    for entry in parts.map(str::trim).filter(|entry| !entry.is_empty()) {
        let rest = entry
            .strip_prefix('D')
            .or_else(|| entry.strip_prefix('d'))
            .ok_or_else(|| fail(format!("entry '{entry}' does not start with D<depth>")))?;
        let mut numbers = rest.split_whitespace();
        let depth = numbers.next().and_then(|d| d.parse::<u32>().ok());
        let count = numbers.next().and_then(|c| c.parse::<u64>().ok());
        match (depth, count, numbers.next()) {
            (Some(depth), Some(count), None) => expected.push((depth, count)),
            _ => return Err(fail(format!("entry '{entry}' is not 'D<depth> <count>'"))),
        }
    }
    if expected.is_empty() {
        return Err(fail("no ;D<depth> <count> entries".to_string()));
    }
    Ok(Some(PerftCase { fen, expected }))
}

/// Parses a whole suite, stopping at the first malformed line.
pub fn parse_perft_suite(text: &str) -> Result<Vec<PerftCase>, PerftSuiteError> {
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if let Some(case) = parse_perft_line(line, index + 1)? {
            cases.push(case);
        }
    }
    Ok(cases)
}
