//! The progress bar every long command shows on a terminal. Without a
//! terminal the commands print plain lines instead, so this gives `None`.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// A bar of `length` steps labelled `unit` (for example "games"), or
/// `None` when standard error is not a terminal.
pub fn terminal_bar(length: u64, unit: &str) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(length);
    let template = format!("{{bar:30}} {{pos}}/{{len}} {unit}  eta {{eta}}  {{msg}}");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    Some(bar)
}
