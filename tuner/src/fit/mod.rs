//! `tuner fit`: the classical evaluation's weights fitted to game results
//! (Texel's method), with positions labelled by results or by Stockfish;
//! the trappy root's score-to-result curve fitted to a player's games; and
//! the rule that gives that curve from the opponent's rating, refitted to
//! the curves of several levels.

pub mod command;
pub mod model;
pub mod positions;
pub mod rating_curve;
pub mod result_curve;
pub mod stockfish;
