//! The 112 input planes of lc0's classical input format, for the last
//! position of a game's history, as lc0's `EncodePositionForNN` defines
//! them:
//!
//! - planes 0-103: the current position and the seven before it, 13
//!   planes each: the side to move's pawns, knights, bishops, rooks,
//!   queens and king, the opponent's six, and a plane of ones when that
//!   position occurred before in the game;
//! - 104-107: the side to move may castle long, short; the opponent long,
//!   short (all ones or all zeros);
//! - 108: ones when Black is to move; 109: the fifty-move counter (plies);
//!   110: zeros; 111: ones (the board's edge, for the convolutions).
//!
//! Every plane is seen from the side to move, ranks mirrored for Black, so
//! "ours" is always at the bottom. A game shorter than eight positions
//! leaves the missing history empty when it began at the start position;
//! a game that began elsewhere (a FEN) repeats its first position instead,
//! with a pawn that had just made a double step put back (lc0's history
//! fill `fen_only`, its default).

use movegen::{Board, CastleSide, Color, Piece, Square};

pub const INPUT_PLANES: usize = 112;
const HISTORY: usize = 8;
const PLANES_PER_POSITION: usize = 13;
const AUX: usize = HISTORY * PLANES_PER_POSITION;

/// Plane-major inputs: `planes[plane * 64 + square]`, squares a1 = 0 to h8
/// = 63 in the side to move's view.
pub type InputPlanes = Vec<f32>;

/// The planes for the last position of `history` (the game's positions,
/// oldest first). `history` must not be empty.
pub fn input_planes(history: &[Board]) -> InputPlanes {
    let mut planes = vec![0.0f32; INPUT_PLANES * 64];
    let Some(current) = history.last() else { return planes };
    let us = current.side_to_move();
    let view = |square: Square| if us == Color::White { square.index() } else { square.index() ^ 56 };
    let mut fill = |plane: usize, value: f32| planes[plane * 64..(plane + 1) * 64].fill(value);

    let rights = current.castle_rights();
    for (plane, color, side) in [
        (AUX, us, CastleSide::Queen),
        (AUX + 1, us, CastleSide::King),
        (AUX + 2, !us, CastleSide::Queen),
        (AUX + 3, !us, CastleSide::King),
    ] {
        if rights.has(color, side) {
            fill(plane, 1.0);
        }
    }
    if us == Color::Black {
        fill(AUX + 4, 1.0);
    }
    fill(AUX + 5, current.halfmove_clock() as f32);
    fill(AUX + 7, 1.0);

    let first = &history[0];
    let started_at_the_start = first.hash() == Board::startpos().hash();
    for age in 0..HISTORY {
        let (board, synthesized) = match history.len().checked_sub(age + 1) {
            Some(index) => (&history[index], false),
            None if started_at_the_start => break,
            None => (first, true),
        };
        let base = age * PLANES_PER_POSITION;
        for (offset, piece) in Piece::ALL.iter().enumerate() {
            for (side, color) in [(0, us), (6, !us)] {
                for square in board.colored(*piece, color) {
                    planes[(base + side + offset) * 64 + view(square)] = 1.0;
                }
            }
        }
        if synthesized {
            undo_double_step(board, &mut planes[base * 64..(base + PLANES_PER_POSITION) * 64], us, &view);
        }
        let index = history.len().saturating_sub(age + 1);
        if !synthesized && history[..index].iter().any(|earlier| earlier.hash() == board.hash()) {
            planes[(base + 12) * 64..(base + 13) * 64].fill(1.0);
        }
    }
    planes
}

/// In a synthesized history position, the pawn whose double step made the
/// en-passant square stands back on its start square.
fn undo_double_step(board: &Board, position: &mut [f32], us: Color, view: &dyn Fn(Square) -> usize) {
    let Some(target) = board.en_passant() else { return };
    let mover = !board.side_to_move();
    let (landed, started) = match mover {
        Color::White => (target.index() + 8, target.index() - 8),
        Color::Black => (target.index() - 8, target.index() + 8),
    };
    let plane = if mover == us { 0 } else { 6 };
    let square = |index: usize| Square::from_index(index).map(view);
    if let (Some(landed), Some(started)) = (square(landed), square(started)) {
        position[plane * 64 + landed] = 0.0;
        position[plane * 64 + started] = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plane(planes: &[f32], index: usize) -> u64 {
        (0..64).filter(|&square| planes[index * 64 + square] != 0.0).fold(0, |bits, square| bits | 1 << square)
    }

    fn game(moves: &[&str]) -> Vec<Board> {
        let mut history = vec![Board::startpos()];
        for text in moves {
            let mut next = history.last().expect("a position").clone();
            let mv = next.parse_uci_move(text).expect("legal");
            next.play(mv);
            history.push(next);
        }
        history
    }

    #[test]
    fn the_start_position_from_white() {
        let planes = input_planes(&game(&[]));
        assert_eq!(plane(&planes, 0), 0xff00, "our pawns on the second rank");
        assert_eq!(plane(&planes, 5), 1 << 4, "our king on e1");
        assert_eq!(plane(&planes, 6), 0x00ff_0000_0000_0000, "their pawns on the seventh");
        assert_eq!(plane(&planes, 11), 1 << 60, "their king on e8");
        // No history before the start: those planes stay empty.
        assert!((13..AUX).all(|p| plane(&planes, p) == 0));
        assert!((AUX..AUX + 4).all(|p| plane(&planes, p) == u64::MAX), "all four castlings");
        assert_eq!((plane(&planes, AUX + 4), plane(&planes, AUX + 6)), (0, 0));
        assert_eq!(plane(&planes, AUX + 7), u64::MAX);
    }

    #[test]
    fn black_to_move_sees_the_board_from_its_side_with_the_history_behind() {
        let planes = input_planes(&game(&["e2e4"]));
        // Black's pawns are "ours", mirrored onto the second rank.
        assert_eq!(plane(&planes, 0), 0xff00);
        // White's pawn on e4 is theirs, on e5 from Black's side.
        assert_eq!(plane(&planes, 6), 0x00ef_0000_0000_0000 | 1 << 36);
        // The position before: their pawn still on e2, mirrored to e7.
        assert_eq!(plane(&planes, 13 + 6), 0x00ff_0000_0000_0000);
        assert_eq!(plane(&planes, AUX + 4), u64::MAX, "black to move");
        assert!((26..AUX).all(|p| plane(&planes, p) == 0));
    }

    #[test]
    fn repetitions_and_the_fifty_move_counter_are_marked() {
        let planes = input_planes(&game(&["g1f3", "g8f6", "f3g1", "f6g8"]));
        assert_eq!(plane(&planes, 12), u64::MAX, "the start position again");
        assert_eq!(plane(&planes, 13 + 12), 0, "the position before it was new");
        assert!(planes[(AUX + 5) * 64..(AUX + 6) * 64].iter().all(|&v| v == 4.0));
    }

    #[test]
    fn a_game_from_a_fen_fills_its_history_with_the_double_step_undone() {
        let board = Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").expect("valid");
        let planes = input_planes(&[board]);
        // Now: their pawn on e4 (e5 from Black's side); before: on e2 (e7).
        assert_eq!(plane(&planes, 6) & (1 << 36 | 1 << 52), 1 << 36);
        for age in 1..HISTORY {
            let theirs = plane(&planes, age * PLANES_PER_POSITION + 6);
            assert_eq!(theirs, 0x00ff_0000_0000_0000, "filled position {age}");
        }
    }
}
