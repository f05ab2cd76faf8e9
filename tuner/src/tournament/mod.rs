//! `tuner match` (a tournament from a TOML config, or the harness's own
//! benchmark), `tuner report` (the report of a journal), `tuner pair` (two
//! players paired by opening from PGN files) and `tuner stats` (the
//! statistics of result counts).

pub mod bench;
pub mod match_command;
pub mod overrides;
pub mod pair_command;
pub mod progress;
pub mod report;
pub mod report_command;
pub mod stats_command;
