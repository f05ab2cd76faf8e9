//! The trappy engine: evaluation, search, UCI, and the command-line tools
//! (`perft`, `bench`, `spsa`).

pub mod checked_file;
pub mod cli;
pub mod eval;
pub mod fallible;
pub mod lc0;
pub mod nnue;
pub mod opponent;
pub mod probability;
pub mod result_curve;
pub mod search;
pub mod strength;
pub mod trappy;
pub mod trappy_engine;
pub mod tunables;
pub mod uci;
