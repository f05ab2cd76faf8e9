//! Ctrl-C (SIGINT) and SIGTERM: the run stops at once, between two games'
//! writes, prints the report of what its journal holds and how to resume,
//! and exits with 130 as shells expect after an interrupt. Games in
//! progress are dropped: they are not in the journal, so `--resume`
//! plays them again.

use engine::cli::output::emit;
use std::sync::Mutex;

type Report = Box<dyn Fn() -> String + Send>;

/// What to print on an interrupt; set by the command that is running.
static ON_INTERRUPT: Mutex<Option<Report>> = Mutex::new(None);

/// Installs the handler once for the process.
pub fn install() -> Result<(), String> {
    ctrlc::set_handler(|| {
        // Never given back: no game is written after this point.
        let frozen = matches::journal::hold_writes();
        let report = ON_INTERRUPT.lock().ok().and_then(|plan| plan.as_ref().map(|report| report()));
        eprintln!("\ninterrupted: games in progress were dropped; the journal holds every finished game");
        if let Some(text) = report {
            emit(&text);
        }
        std::mem::forget(frozen);
        std::process::exit(130);
    })
    .map_err(|e| format!("cannot install the interrupt handler: {e}"))
}

/// Sets what an interrupt prints from now on.
pub fn on_interrupt(report: impl Fn() -> String + Send + 'static) {
    if let Ok(mut plan) = ON_INTERRUPT.lock() {
        *plan = Some(Box::new(report));
    }
}

/// The command line that resumed this run: the same arguments plus
/// `--resume` (once).
pub fn resume_command() -> String {
    let mut args: Vec<String> = std::env::args().collect();
    if !args.iter().any(|a| a == "--resume") {
        args.push("--resume".into());
    }
    args.iter().map(|a| shell_quoted(a)).collect::<Vec<_>>().join(" ")
}

fn shell_quoted(text: &str) -> String {
    let plain = !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=:+,@%".contains(c));
    if plain {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}
