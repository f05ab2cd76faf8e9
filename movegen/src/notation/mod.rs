//! Move notation: UCI long algebraic and SAN.

mod san;
mod uci;

pub use san::SanError;
pub use uci::UciMoveError;
