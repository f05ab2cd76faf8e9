//! `tuner fit`: the classical evaluation's weights fitted to game results
//! (Texel's method), with positions labelled by results or by Stockfish.

pub mod command;
pub mod model;
pub mod positions;
pub mod stockfish;
