//! Move notation: UCI long algebraic, SAN, and PGN games (tags and the
//! main line's moves).

mod pgn;
mod san;
mod uci;

pub use pgn::{read_pgn, PgnError, PgnGame};
pub use san::SanError;
pub use uci::UciMoveError;
