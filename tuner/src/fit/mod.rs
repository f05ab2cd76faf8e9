//! `tuner fit`: the classical evaluation's weights fitted to game results
//! (Texel's method), with positions labelled by results or by Stockfish;
//! and the trappy root's score-to-result curve fitted to a player's games.

pub mod command;
pub mod model;
pub mod positions;
pub mod result_curve;
pub mod stockfish;
