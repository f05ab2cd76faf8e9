//! Match statistics: Elo with error bars, normalized Elo, LOS, draw ratio
//! and the GSPRT, agreeing with fastchess and fishtest.

mod elo;
mod paired;
mod sample;
mod special;
mod sprt;

pub use elo::{elo_to_score, estimate, score_to_elo, why_elo_undefined, EloEstimate, NELO_PER_T, Z95};
pub use paired::{compare_paired, PairedComparison, PairedScores};
pub use sample::{Pentanomial, Sample, Trinomial};
pub use sprt::{sprt, SprtConfig, SprtDecision, SprtModel, SprtResult};
