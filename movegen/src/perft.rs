//! Perft: counts leaf nodes of the legal move tree, the standard test of a
//! move generator. The last ply is counted in bulk, without playing moves.

use crate::{Board, Move};

pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => board.count_moves(),
        _ => {
            let mut nodes = 0;
            board.generate_moves(|moves| {
                moves.for_each(|mv| {
                    let mut child = board.clone();
                    child.play(mv);
                    nodes += perft(&child, depth - 1);
                });
                false
            });
            nodes
        }
    }
}

/// Perft split by root move, in generation order.
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return vec![];
    }
    board
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = board.clone();
            child.play(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}
