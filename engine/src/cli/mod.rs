//! The `trappy` subcommands beside UCI: `bench`, `perft`, `policy` and
//! `traps` (with its PGN for studies and its SVG picture), and the output
//! they share.

pub mod bench;
pub mod output;
pub mod perft;
pub mod policy;
pub mod trap_pgn;
mod trap_svg;
pub mod traps;
