//! Quiet-move history, continuation history and killer moves.

use super::score::MAX_PLY;
use movegen::{Board, Move};

/// History scores saturate towards this bound.
pub const MAX_HISTORY: i32 = 16_384;

/// A move as continuation history sees it: the moving piece (with its
/// colour) and its destination, `piece * 64 + to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    /// No move: before the root, or a null move. Its row stays zero.
    pub const NONE: PieceTo = PieceTo(12 * 64);

    /// `mv` as played from `board` (before the move).
    pub fn of(board: &Board, mv: Move) -> PieceTo {
        let piece = board.piece_on(mv.from()).map_or(0, |p| p.index());
        let colored = board.side_to_move().index() * 6 + piece;
        PieceTo((colored * 64 + mv.to().index()) as u16)
    }

    fn index(self) -> usize {
        self.0 as usize
    }
}

/// The moves that led to a node, which continuation history keys on: the
/// previous move (the opponent's) and the one before it (ours).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Continuation {
    pub previous: PieceTo,
    pub before_previous: PieceTo,
}

impl Continuation {
    pub const NONE: Continuation = Continuation { previous: PieceTo::NONE, before_previous: PieceTo::NONE };
}

type ContinuationTable = [[i16; 12 * 64]; 12 * 64 + 1];

#[derive(Clone)]
pub struct History {
    /// [side to move][from][to]
    butterfly: Box<[[[i32; 64]; 64]; 2]>,
    /// [earlier move][this move], for the previous move and the one before
    /// it alike: how good a quiet is as an answer to what came before.
    continuation: Box<ContinuationTable>,
    killers: [[Move; 2]; MAX_PLY + 1],
}

impl Default for History {
    fn default() -> History {
        History {
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            continuation: zeroed_continuation_table(),
            killers: [[Move::NULL; 2]; MAX_PLY + 1],
        }
    }
}

/// Built on the heap: the table (1.2 MB) would overflow a thread's stack.
fn zeroed_continuation_table() -> Box<ContinuationTable> {
    let rows = vec![[0i16; 12 * 64]; 12 * 64 + 1].into_boxed_slice();
    match rows.try_into() {
        Ok(table) => table,
        Err(_) => unreachable!("the vector has exactly the table's rows"),
    }
}

/// Gravity update: big bonuses move far, and scores stay in range.
fn apply_bonus(slot: &mut i32, bonus: i32) {
    *slot += bonus - *slot * bonus.abs() / MAX_HISTORY;
}

impl History {
    pub fn clear(&mut self) {
        self.butterfly.iter_mut().flatten().flatten().for_each(|v| *v = 0);
        self.continuation.iter_mut().flatten().for_each(|v| *v = 0);
        self.killers = [[Move::NULL; 2]; MAX_PLY + 1];
    }

    /// The quiet `mv`'s history: its own, and as an answer to the two
    /// moves before it.
    pub fn score(&self, board: &Board, mv: Move, context: Continuation) -> i32 {
        let own = self.butterfly[board.side_to_move().index()][mv.from().index()][mv.to().index()];
        let this = PieceTo::of(board, mv).index();
        own + i32::from(self.continuation[context.previous.index()][this])
            + i32::from(self.continuation[context.before_previous.index()][this])
    }

    fn update(&mut self, board: &Board, mv: Move, context: Continuation, bonus: i32) {
        apply_bonus(&mut self.butterfly[board.side_to_move().index()][mv.from().index()][mv.to().index()], bonus);
        let this = PieceTo::of(board, mv).index();
        for earlier in [context.previous, context.before_previous] {
            if earlier != PieceTo::NONE {
                let slot = &mut self.continuation[earlier.index()][this];
                let mut value = i32::from(*slot);
                apply_bonus(&mut value, bonus);
                *slot = value as i16;
            }
        }
    }

    /// The quiet `best` caused a cutoff after the quiets in `tried` failed.
    pub fn reward(&mut self, board: &Board, best: Move, tried: &[Move], context: Continuation, depth: i32, ply: usize) {
        let bonus = (depth * depth * 16).min(MAX_HISTORY / 4);
        self.update(board, best, context, bonus);
        for &mv in tried {
            if mv != best {
                self.update(board, mv, context, -bonus);
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
        self.butterfly.iter_mut().flatten().flatten().for_each(|v| *v /= 2);
        self.continuation.iter_mut().flatten().for_each(|v| *v /= 2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context_after(board: &Board, previous: Move) -> Continuation {
        Continuation { previous: PieceTo::of(board, previous), before_previous: PieceTo::NONE }
    }

    #[test]
    fn piece_to_tells_colours_and_pieces_apart() {
        let start = Board::default();
        let knight = start.parse_uci_move("g1f3").expect("legal");
        let pawn = start.parse_uci_move("e2e4").expect("legal");
        let mut black = start.clone();
        black.play(pawn);
        let black_knight = black.parse_uci_move("g8f6").expect("legal");
        assert_ne!(PieceTo::of(&start, knight), PieceTo::of(&start, pawn));
        assert_ne!(PieceTo::of(&start, knight), PieceTo::of(&black, black_knight));
        assert_ne!(PieceTo::of(&start, knight), PieceTo::NONE);
    }

    #[test]
    fn a_cutoff_raises_the_answer_to_that_move_most() {
        // After 1. e4, Black's ...d5 cuts off where ...a6 failed.
        let start = Board::default();
        let e4 = start.parse_uci_move("e2e4").expect("legal");
        let d4 = start.parse_uci_move("d2d4").expect("legal");
        let mut after_e4 = start.clone();
        after_e4.play(e4);
        let d5 = after_e4.parse_uci_move("d7d5").expect("legal");
        let a6 = after_e4.parse_uci_move("a7a6").expect("legal");
        let mut history = History::default();
        let context = context_after(&start, e4);
        history.reward(&after_e4, d5, &[a6, d5], context, 6, 1);
        assert!(history.score(&after_e4, d5, context) > 0);
        assert!(history.score(&after_e4, a6, context) < 0);
        // As an answer to another move only the butterfly part counts,
        // a third of what the same move earns after 1. e4.
        let elsewhere = context_after(&start, d4);
        let own = history.score(&after_e4, d5, elsewhere);
        assert!(own > 0);
        assert_eq!(history.score(&after_e4, d5, context), 2 * own);
        assert_eq!(history.killers(1)[0], d5);
        history.new_search();
        assert_eq!(history.score(&after_e4, d5, context), 2 * (own / 2));
        history.clear();
        assert_eq!(history.score(&after_e4, d5, context), 0);
    }
}
