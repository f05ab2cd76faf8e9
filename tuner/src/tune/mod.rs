//! `tuner tune`: SPSA tuning of tunables against an opponent pool, from a
//! TOML config.

pub mod command;
pub mod config;
pub mod spsa;
