//! The `trappy` subcommands beside UCI: `bench`, `perft`, `policy` and
//! `traps` (a position's traps as text, JSON, study chapters and a
//! picture, or a game's), and the output they share.

pub mod bench;
pub mod output;
pub mod perft;
pub mod policy;
pub mod trap_annotation;
pub mod trap_game;
pub mod trap_pgn;
mod trap_svg;
pub mod traps;
