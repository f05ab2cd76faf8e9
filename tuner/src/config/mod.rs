//! The TOML sections that `tuner match` and `tuner tune` configs share
//! (engines, openings, adjudication) and the match config they make up.

pub mod adjudication_section;
pub mod engine_section;
pub mod match_config;
pub mod openings_section;
#[cfg(test)]
mod reference;
