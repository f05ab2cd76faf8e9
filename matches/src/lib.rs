//! Games, tournaments and statistics. So far: PGN reading and the
//! statistics.

pub mod openings;
pub mod pgn_reader;
pub mod stats;
