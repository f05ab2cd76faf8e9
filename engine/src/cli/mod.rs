//! The `trappy` subcommands beside UCI: `bench`, `perft`, `policy` and
//! `traps`, and the output they share.

pub mod bench;
pub mod output;
pub mod perft;
pub mod policy;
pub mod traps;
