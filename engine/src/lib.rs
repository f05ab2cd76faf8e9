//! The trappy engine. For now: the perft command line.

pub mod perft_command;
