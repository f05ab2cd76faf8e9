//! Draw rules that do not need search: repetition, fifty moves, and
//! insufficient material.

use crate::{Bitboard, Board, Piece};

impl Board {
    /// The fifty-move rule: 100 halfmoves without capture or pawn move. A
    /// mate delivered on that move still wins; callers check mate first.
    pub fn is_fifty_move_draw(&self) -> bool {
        self.halfmove_clock() >= 100
    }

    /// Neither side can ever mate: K v K, K+minor v K, or only bishops that
    /// all stand on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let heavy_or_pawns = self.piece_bb(Piece::Pawn) | self.piece_bb(Piece::Rook) | self.piece_bb(Piece::Queen);
        if heavy_or_pawns.is_nonempty() {
            return false;
        }
        let knights = self.piece_bb(Piece::Knight);
        let bishops = self.piece_bb(Piece::Bishop);
        let minors = (knights | bishops).count();
        if minors <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty() || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }
}

/// How many earlier positions in `history` (oldest first, ending with the
/// position before the current one) have the current `key`. Only positions
/// since the last irreversible move (`halfmove_clock` plies back) with the
/// same side to move can match.
pub fn repetition_count(history: &[u64], key: u64, halfmove_clock: u32) -> usize {
    let window = (halfmove_clock as usize).min(history.len());
    history[history.len() - window..].iter().rev().skip(1).step_by(2).filter(|&&earlier| earlier == key).count()
}

/// Whether the current `key` occurred before within the window, stopping at
/// the first match (the search asks this at every node).
pub fn has_repeated(history: &[u64], key: u64, halfmove_clock: u32) -> bool {
    let window = (halfmove_clock as usize).min(history.len());
    history[history.len() - window..].iter().rev().skip(1).step_by(2).any(|&earlier| earlier == key)
}

/// Threefold repetition: the current position occurred twice before.
pub fn is_threefold_repetition(history: &[u64], key: u64, halfmove_clock: u32) -> bool {
    repetition_count(history, key, halfmove_clock) >= 2
}
