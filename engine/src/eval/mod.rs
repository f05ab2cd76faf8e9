//! Static evaluation: a tapered blend of middlegame and endgame terms,
//! returned in centipawns from the side to move's point of view.

mod king_safety;
mod linear_form;
mod pawns;
mod pieces;
mod threats;

use crate::tunables::Tunables;
pub use crate::tunables::{MAX_PHASE, S};
pub use linear_form::{evaluation_weights, linear_form, EvalWeight, LinearForm};
use movegen::{pawn_attack_span, Board, Color, Piece};

/// Phase weight of each piece kind: the opening has 24.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];

pub fn material_value(piece: Piece, t: &Tunables) -> S {
    match piece {
        Piece::Pawn => S(t.pawn_mg, t.pawn_eg),
        Piece::Knight => S(t.knight_mg, t.knight_eg),
        Piece::Bishop => S(t.bishop_mg, t.bishop_eg),
        Piece::Rook => S(t.rook_mg, t.rook_eg),
        Piece::Queen => S(t.queen_mg, t.queen_eg),
        Piece::King => S(0, 0),
    }
}

/// Game phase from 24 (all pieces) down to 0 (pawns and kings).
pub fn phase(board: &Board) -> i32 {
    let phase: i32 = Piece::ALL.iter().map(|&p| board.piece_bb(p).count() as i32 * PHASE_WEIGHT[p.index()]).sum();
    phase.min(MAX_PHASE)
}

/// Material and placement of one side.
fn material_and_placement(board: &Board, color: Color, t: &Tunables) -> S {
    let mut score = S(0, 0);
    for piece in Piece::ALL {
        let value = material_value(piece, t);
        for square in board.colored(piece, color) {
            let white_square = if color == Color::White { square } else { square.flip_rank() };
            score += value + t.piece_square.bonus(piece, white_square);
        }
    }
    score
}

/// Everything but the tempo, from White's point of view, before tapering.
/// It is linear in every evaluation weight but `KingAttackWeight`, whose
/// penalty is capped; `tuner fit` reads its coefficients from it.
pub fn white_view(board: &Board, t: &Tunables) -> S {
    let pawn_attacks = Color::ALL.map(|color| pawn_attack_span(board.colored(Piece::Pawn, color), color));
    let activity = Color::ALL
        .map(|color| pieces::piece_activity(board, color, pawn_attacks, king_safety::king_zone(board, !color), t));
    let mut score = S(0, 0);
    for color in Color::ALL {
        let (mine, enemy) = (&activity[color.index()], &activity[(!color).index()]);
        let own = material_and_placement(board, color, t)
            + pawns::pawn_structure(board, color, mine.attacks.by_pawns, enemy.attacks.by_pawns, t)
            + mine.score
            + threats::threats(board, color, &mine.attacks, &enemy.attacks, t)
            + king_safety::king_safety(board, color, enemy.king_attack_units, enemy.king_attackers, t);
        score += own * color.sign();
    }
    score
}

/// The static evaluation in centipawns for the side to move.
pub fn evaluate(board: &Board, t: &Tunables) -> i32 {
    let blended = white_view(board, t).taper(phase(board));
    let relative = blended * board.side_to_move().sign();
    relative + t.tempo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_apart_from_tempo() {
        let t = Tunables::default();
        assert_eq!(evaluate(&Board::startpos(), &t), t.tempo);
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        let t = Tunables::default();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r1bq1rk1/pp2nppp/2n1p3/3pP3/2pP4/P1P2N2/2P1QPPP/R1B1KB1R w KQ - 0 9",
        ] {
            let board = Board::from_fen(fen).expect("valid");
            assert_eq!(evaluate(&board, &t), evaluate(&board.mirrored(), &t), "{fen}");
        }
    }

    #[test]
    fn extra_material_is_good() {
        let t = Tunables::default();
        let up_a_rook = Board::from_fen("4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w - - 0 1").expect("valid");
        assert!(evaluate(&up_a_rook, &t) > 300);
    }
}
