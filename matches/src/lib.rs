//! Games, tournaments and statistics. So far: the statistics.

pub mod stats;
