//! Threats: enemy pieces attacked by something cheaper, and enemy pieces
//! attacked but not defended at all. Quiescence sees captures for the side
//! to move only; these terms price the threats the side that just moved
//! leaves standing.

use super::pieces::AttackMap;
use crate::tunables::Tunables;
use crate::tunables::S;
use movegen::{Board, Color, Piece};

/// Threats `color` makes against the enemy, positive is good for `color`.
pub fn threats(board: &Board, color: Color, ours: &AttackMap, theirs: &AttackMap, t: &Tunables) -> S {
    let enemy = !color;
    let knights_bishops = board.colored(Piece::Knight, enemy) | board.colored(Piece::Bishop, enemy);
    let rooks = board.colored(Piece::Rook, enemy);
    let queens = board.colored(Piece::Queen, enemy);
    let pieces = knights_bishops | rooks | queens;
    let count = |set: movegen::Bitboard| set.count() as i32;
    let mut score = S(t.threat_by_pawn_mg, t.threat_by_pawn_eg) * count(pieces & ours.by_pawns);
    score += S(t.threat_by_minor_mg, t.threat_by_minor_eg) * count((rooks | queens) & ours.by_minors);
    score += S(t.threat_by_rook_mg, t.threat_by_rook_eg) * count(queens & ours.by_rooks);
    score += S(t.hanging_piece_mg, t.hanging_piece_eg) * count(pieces & ours.all & !theirs.all);
    score
}

#[cfg(test)]
mod tests {
    use crate::eval::linear_form::coefficient;

    #[test]
    fn a_pawn_attacking_an_undefended_knight_is_a_threat_and_a_hanging_piece() {
        let fen = "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(coefficient(fen, "ThreatByPawnMg"), (1.0, 0.0));
        assert_eq!(coefficient(fen, "ThreatByPawnEg"), (0.0, 1.0));
        assert_eq!(coefficient(fen, "HangingPieceMg").0, 1.0);
    }

    #[test]
    fn a_minor_attacking_a_rook_counts_and_a_defended_rook_does_not_hang() {
        let undefended = "4k3/8/8/8/3r4/8/4N3/4K3 w - - 0 1";
        assert_eq!(coefficient(undefended, "ThreatByMinorMg").0, 1.0);
        assert_eq!(coefficient(undefended, "HangingPieceMg").0, 1.0);
        let defended = "4k3/8/8/4p3/3r4/8/4N3/4K3 w - - 0 1";
        assert_eq!(coefficient(defended, "ThreatByMinorMg").0, 1.0);
        assert_eq!(coefficient(defended, "HangingPieceMg").0, 0.0);
    }

    #[test]
    fn threats_are_counted_for_both_sides() {
        // Black's rook attacks White's queen; White threatens nothing.
        let fen = "4k3/8/8/8/3r4/8/8/3QK3 w - - 0 1";
        assert_eq!(coefficient(fen, "ThreatByRookMg").0, -1.0);
    }
}
