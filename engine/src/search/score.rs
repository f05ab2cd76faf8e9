//! Score constants and mate-distance helpers.

/// Checkmate at the root; mate in n plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
pub const MAX_PLY: usize = 128;
/// Any score beyond this is a mate score.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
pub const INFINITY: i32 = MATE + 1;
/// "No score" marker for the TT's eval field and for unset scores.
pub const NONE: i32 = -INFINITY - 1;
pub const DRAW: i32 = 0;

/// Centipawns per unit of the engine's score-to-result curve
/// (`crate::result_curve::ResultCurve::ENGINE`): a score of 400 wins
/// about 73 % of the points.
pub const RESULT_SCALE: f64 = 400.0;

pub fn is_mate_score(score: i32) -> bool {
    score.abs() >= MATE_BOUND && score.abs() <= MATE
}

/// UCI's score text: `cp N` or `mate N` (moves, negative when mated).
pub fn uci_score(score: i32) -> String {
    if is_mate_score(score) {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        if score > 0 {
            format!("mate {moves}")
        } else {
            format!("mate -{moves}")
        }
    } else {
        format!("cp {score}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_print_in_moves() {
        assert_eq!(uci_score(MATE - 1), "mate 1");
        assert_eq!(uci_score(MATE - 3), "mate 2");
        assert_eq!(uci_score(-(MATE - 2)), "mate -1");
        assert_eq!(uci_score(-(MATE - 4)), "mate -2");
        assert_eq!(uci_score(35), "cp 35");
    }
}
