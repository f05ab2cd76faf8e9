//! Quiet-move history and killer moves.

use super::score::MAX_PLY;
use movegen::{Board, Move};

/// History scores saturate towards this bound.
pub const MAX_HISTORY: i32 = 16_384;

#[derive(Clone)]
pub struct History {
    /// [side to move][from][to]
    butterfly: Box<[[[i32; 64]; 64]; 2]>,
    killers: [[Move; 2]; MAX_PLY + 1],
}

impl Default for History {
    fn default() -> History {
        History { butterfly: Box::new([[[0; 64]; 64]; 2]), killers: [[Move::NULL; 2]; MAX_PLY + 1] }
    }
}

impl History {
    pub fn clear(&mut self) {
        *self = History::default();
    }

    pub fn score(&self, board: &Board, mv: Move) -> i32 {
        self.butterfly[board.side_to_move().index()][mv.from().index()][mv.to().index()]
    }

    /// Gravity update: big bonuses move far, and scores stay in range.
    fn update(&mut self, board: &Board, mv: Move, bonus: i32) {
        let slot = &mut self.butterfly[board.side_to_move().index()][mv.from().index()][mv.to().index()];
        *slot += bonus - *slot * bonus.abs() / MAX_HISTORY;
    }

    /// The quiet `best` caused a cutoff after the quiets in `tried` failed.
    pub fn reward(&mut self, board: &Board, best: Move, tried: &[Move], depth: i32, ply: usize) {
        let bonus = (depth * depth * 16).min(MAX_HISTORY / 4);
        self.update(board, best, bonus);
        for &mv in tried {
            if mv != best {
                self.update(board, mv, -bonus);
            }
        }
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != best {
            killers[1] = killers[0];
            killers[0] = best;
        }
    }

    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply.min(MAX_PLY)]
    }

    /// Killers of the previous search are a ply off; age history too.
    pub fn new_search(&mut self) {
        self.killers = [[Move::NULL; 2]; MAX_PLY + 1];
        for side in self.butterfly.iter_mut() {
            for row in side.iter_mut() {
                for value in row.iter_mut() {
                    *value /= 2;
                }
            }
        }
    }
}
