//! Static exchange evaluation: the material outcome of the capture
//! sequence on one square, each side recapturing with its least valuable
//! attacker and free to stop when continuing would lose.

use movegen::{bishop_attacks, rook_attacks, Bitboard, Board, Color, Move, MoveKind, Piece};

pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

pub fn see_value(piece: Piece) -> i32 {
    SEE_VALUES[piece.index()]
}

/// Whether the exchange that `mv` starts wins at least `threshold`.
///
/// `margin` tracks how far the balance is above the threshold from the
/// point of view of the side that just captured; the loop asks, capture by
/// capture, whether the side to recapture can bring it below zero.
pub fn see_at_least(board: &Board, mv: Move, threshold: i32) -> bool {
    if mv.kind() == MoveKind::Castle {
        return threshold <= 0;
    }
    let (from, to) = (mv.from(), mv.to());
    let promotion_gain = mv.promotion().map_or(0, |p| see_value(p) - see_value(Piece::Pawn));
    let mut margin = board.captured_piece(mv).map_or(0, see_value) + promotion_gain - threshold;
    if margin < 0 {
        return false;
    }
    // If the opponent wins our piece for nothing, are we still above?
    let moved_value = mv.promotion().or(board.piece_on(from)).map_or(0, see_value);
    margin = moved_value - margin;
    if margin <= 0 {
        return true;
    }
    let mut occupied = (board.occupied() ^ from.bitboard()) | to.bitboard();
    if mv.kind() == MoveKind::EnPassant {
        occupied ^= movegen::Square::new(to.file(), from.rank()).bitboard();
    }
    let diagonal = board.diagonal_sliders();
    let orthogonal = board.orthogonal_sliders();
    let mut attackers = board.attackers_to(to, occupied);
    let mut side: Color = board.side_to_move();
    let mut we_win = true;
    loop {
        side = !side;
        attackers &= occupied;
        let side_attackers = attackers & board.color_bb(side);
        let Some((piece, square)) = least_valuable(board, side_attackers) else {
            break;
        };
        we_win = !we_win;
        if piece == Piece::King {
            // The king may recapture only if nothing can take it back.
            return if (attackers & board.color_bb(!side)).is_nonempty() { !we_win } else { we_win };
        }
        margin = see_value(piece) - margin;
        if margin < we_win as i32 {
            break;
        }
        occupied ^= square.bitboard();
        // Sliders behind the piece that just captured join in.
        if matches!(piece, Piece::Pawn | Piece::Bishop | Piece::Queen) {
            attackers |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(piece, Piece::Rook | Piece::Queen) {
            attackers |= rook_attacks(to, occupied) & orthogonal;
        }
    }
    we_win
}

fn least_valuable(board: &Board, candidates: Bitboard) -> Option<(Piece, movegen::Square)> {
    Piece::ALL.iter().find_map(|&piece| (candidates & board.piece_bb(piece)).first().map(|square| (piece, square)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, uci: &str, threshold: i32) -> bool {
        let board = Board::from_fen(fen).expect("valid");
        let mv = board.parse_uci_move(uci).expect("legal");
        see_at_least(&board, mv, threshold)
    }

    #[test]
    fn exchanges() {
        // Pawn takes an undefended knight: +300.
        assert!(see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 300));
        assert!(!see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 301));
        // Queen takes a pawn defended by a pawn: loses 800.
        assert!(!see("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 0));
        // Rook takes a rook defended by a rook, with our rook behind (x-ray):
        // R takes R (+500), R takes R (-500), R takes R (+500) = +500.
        assert!(see("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 0));
        // Knight takes a defended pawn: -200.
        assert!(!see("4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5", 0));
        assert!(see("4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5", -200));
        // Quiet move onto an attacked square loses the piece.
        assert!(!see("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", "c3e4", 0));
    }
}
