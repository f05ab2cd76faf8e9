//! The one hook through which a root policy (the trappy root) plugs into
//! the search. After each completed iteration the search says what it
//! learned; when it is done it asks which move to play. The policy sees
//! the main table read-only and may run a few bounded searches that share
//! it, under an allowance the search enforces. It never touches the
//! searcher's state, and with no policy the search is plain.

use super::score::INFINITY;
use super::tt::Bound;
use super::Searcher;
use movegen::{Board, Move};

/// What one completed iteration found.
pub struct IterationSummary<'a> {
    pub depth: i32,
    /// The exact minimax score of the plain best move.
    pub score: i32,
    /// Root moves in the search's order after this iteration, best first.
    pub root_order: &'a [Move],
    /// The plain best move's principal variation.
    pub pv: &'a [Move],
}

/// What the main table holds for the position after a root move: the
/// reply the opponent preferred there, and the root move's value or
/// bound, from the root side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StoredReply {
    pub reply: Move,
    /// The depth the position after the root move was searched to.
    pub depth: i32,
    pub value: i32,
    /// `Upper` for a refuted root move: its value is at most `value`.
    pub bound: Bound,
}

/// A root policy: consulted after every iteration and at the end.
pub trait RootPolicy {
    /// Whether the policy wants to be consulted at all; when not, the
    /// search is exactly the plain search.
    fn is_active(&self) -> bool;

    /// The nodes `choose` may spend, in percent: held back from a node
    /// limit, or a share of the nodes searched when there is no limit.
    fn budget_percent(&self) -> u64;

    /// An iteration finished. Cheap: the probe is read-only here.
    fn iteration_finished(&mut self, probe: &RootProbe<'_>, iteration: &IterationSummary<'_>);

    /// The search is over (its last completed iteration is `iteration`):
    /// the move to play instead of the plain one, if any.
    fn choose(&mut self, probe: &mut RootProbe<'_>, iteration: &IterationSummary<'_>) -> Option<Move>;
}

/// The policy's window on the search: the root, the table, and bounded
/// searches that share the table and cut off as the main search does.
pub struct RootProbe<'a> {
    searcher: &'a mut Searcher,
    root: &'a Board,
}

impl<'a> RootProbe<'a> {
    pub(super) fn new(searcher: &'a mut Searcher, root: &'a Board) -> RootProbe<'a> {
        RootProbe { searcher, root }
    }

    pub fn root(&self) -> &Board {
        self.root
    }

    /// Nodes searched so far in this search, the policy's included.
    pub fn nodes(&self) -> u64 {
        self.searcher.state.nodes
    }

    /// Whether the allowance or the search's limits ran out: every
    /// further search returns `None`.
    pub fn limits_reached(&self) -> bool {
        self.searcher.state.aborted
    }

    /// The table's entry for the position after `root_move`, probed
    /// without side effects; `None` when there is none or its move is not
    /// a legal reply (a key collision).
    pub fn stored_reply(&self, root_move: Move) -> Option<StoredReply> {
        let mut child = self.root.clone();
        child.play(root_move);
        let hit = self.searcher.tt.probe(child.hash(), 1)?;
        if hit.mv.is_null() || !child.is_legal(hit.mv) {
            return None;
        }
        // The entry is from the opponent's side; a bound flips with it.
        let bound = match hit.bound {
            Bound::Exact => Bound::Exact,
            Bound::Lower => Bound::Upper,
            Bound::Upper => Bound::Lower,
        };
        Some(StoredReply { reply: hit.mv, depth: hit.depth, value: -hit.score, bound })
    }

    /// The opponent's best reply after `root_move`: a full-window search
    /// `depth` plies deep from the position after it, as an opponent would
    /// search at its own root. With the reply comes its score from the
    /// root side. `None` when the limits ran out, `root_move` is not
    /// legal, or the opponent has no move.
    pub fn best_reply(&mut self, root_move: Move, depth: i32) -> Option<(Move, i32)> {
        let score = self.search(&[root_move], depth.max(1), -INFINITY, INFINITY)?;
        let reply = self.searcher.state.pv.line(1).first().copied()?;
        Some((reply, score))
    }

    /// Searches the position after `line` (legal moves from the root) to
    /// `depth` with the window `(alpha, beta)`, both from the root side's
    /// view, and returns the score from that view. A window wider than
    /// null gets a PV search. `None` when the allowance or the search's
    /// limits ran out, or `line` is not legal.
    pub fn search(&mut self, line: &[Move], depth: i32, alpha: i32, beta: i32) -> Option<i32> {
        if self.searcher.state.aborted || line.is_empty() {
            return None;
        }
        let mut board = self.root.clone();
        let pushed = self.searcher.state.keys.len();
        for &mv in line {
            if !board.is_legal(mv) {
                self.searcher.state.keys.truncate(pushed);
                return None;
            }
            board.play(mv);
            self.searcher.state.keys.push(board.hash());
        }
        let ply = line.len();
        // From the mover's side at the end of the line.
        let ours = ply.is_multiple_of(2);
        let (a, b) = if ours { (alpha, beta) } else { (-beta, -alpha) };
        let score = if b - a > 1 {
            self.searcher.negamax::<true>(&board, depth, a, b, ply, true)
        } else {
            self.searcher.negamax::<false>(&board, depth, a, b, ply, true)
        };
        self.searcher.state.keys.truncate(pushed);
        if self.searcher.state.aborted {
            return None;
        }
        Some(if ours { score } else { -score })
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::SearchState;
    use super::*;

    fn searcher_at(board: &Board) -> Searcher {
        let mut searcher = Searcher::new(1);
        searcher.state = SearchState::new(u64::MAX, None, &[], board.hash());
        searcher
    }

    #[test]
    fn best_reply_is_what_the_opponent_would_play_after_the_root_move() {
        // The queen steps onto the rook's file, undefended: the rook takes it.
        let board = Board::from_fen("4k3/8/8/3r4/8/8/3Q4/4K3 w - - 0 1").expect("fen");
        let blunder = board.parse_uci_move("d2d4").expect("legal");
        let mut after = board.clone();
        after.play(blunder);
        let capture = after.parse_uci_move("d5d4").expect("legal");
        let mut searcher = searcher_at(&board);
        let mut probe = RootProbe::new(&mut searcher, &board);
        let (reply, score) = probe.best_reply(blunder, 3).expect("a reply");
        assert_eq!(reply, capture);
        assert!(score < -300, "{score}");
        assert!(!probe.limits_reached());
    }

    #[test]
    fn no_best_reply_when_the_opponent_has_no_move() {
        // Qh7 mates: nothing to reply, and nothing ran out.
        let board = Board::from_fen("7k/Q7/6K1/8/8/8/8/8 w - - 0 1").expect("fen");
        let mate = board.parse_uci_move("a7h7").expect("legal");
        let mut searcher = searcher_at(&board);
        let mut probe = RootProbe::new(&mut searcher, &board);
        assert_eq!(probe.best_reply(mate, 3), None);
        assert!(!probe.limits_reached());
    }
}
