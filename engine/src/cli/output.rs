//! Command-line output that survives a closed pipe: `trappy bench | head`
//! and `tuner predict ... | head` must end quietly, not panic. Every line
//! the `trappy` subcommands and `tuner` print goes through `emit`.

use std::io::Write;

/// Prints one line to stdout; exits with status 0 if stdout is gone.
pub fn emit(line: &str) {
    let mut stdout = std::io::stdout().lock();
    if writeln!(stdout, "{line}").and_then(|_| stdout.flush()).is_err() {
        std::process::exit(0);
    }
}
