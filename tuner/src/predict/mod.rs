//! `tuner predict`: how often the opponent models predict the moves played
//! in games.

pub mod command;
