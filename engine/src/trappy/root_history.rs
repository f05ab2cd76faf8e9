//! What the main search learned about each root move, iteration by
//! iteration: the reply the opponent preferred after it, and the move's
//! value or bound. Gathered from the main table after every iteration
//! (the PV move from the principal variation), so it costs no search.
//!
//! Stored by root move and iteration depth; nothing is keyed by a
//! truncated hash, so no collision can silently lose a trap. From it, the
//! iterations' guess of the opponent's reply (`predict`).

use crate::search::root_policy::{IterationSummary, RootProbe};
use crate::search::tt::Bound;
use movegen::Move;

/// Root iteration depths we keep data for.
pub const MAX_TRACKED_DEPTH: usize = 64;

/// A root move's value at one iteration, from the root side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RootValue {
    pub value: i32,
    /// `Exact`, or `Upper` for a move the search refuted.
    pub bound: Bound,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootHistory {
    pub mv: Move,
    /// The opponent's preferred reply, by iteration depth: the PV reply
    /// for the best move, the refutation for the others. `None` is a hole.
    pub preferred: [Option<Move>; MAX_TRACKED_DEPTH],
    pub values: [Option<RootValue>; MAX_TRACKED_DEPTH],
}

impl RootHistory {
    pub fn new(mv: Move) -> RootHistory {
        RootHistory { mv, preferred: [None; MAX_TRACKED_DEPTH], values: [None; MAX_TRACKED_DEPTH] }
    }

    /// The preferred reply at `depth`, a hole filled from the next deeper
    /// iteration (as Beowulf did) up to `final_depth`, with the depth the
    /// answer came from. Filling from deeper makes the opponent look as
    /// strong as the deeper search, the safe direction: with no data a
    /// move looks trap-free.
    pub fn preferred_filled(&self, depth: usize, final_depth: usize) -> Option<(Move, usize)> {
        (depth..=final_depth.min(MAX_TRACKED_DEPTH - 1)).find_map(|d| self.preferred[d].map(|mv| (mv, d)))
    }
}

/// Records iteration `summary` for every root move: one table probe each.
/// An entry counts when it is at least as deep as the iteration searched
/// the move's position (less the internal-iterative reduction); a
/// shallower one is older news, a hole.
pub fn record_iteration(histories: &mut Vec<RootHistory>, probe: &RootProbe<'_>, summary: &IterationSummary<'_>) {
    let d = summary.depth as usize;
    if d >= MAX_TRACKED_DEPTH {
        return;
    }
    for &mv in summary.root_order {
        let index = match histories.iter().position(|h| h.mv == mv) {
            Some(index) => index,
            None => {
                histories.push(RootHistory::new(mv));
                histories.len() - 1
            }
        };
        let history = &mut histories[index];
        if summary.pv.first() == Some(&mv) {
            history.preferred[d] = summary.pv.get(1).copied();
            history.values[d] = Some(RootValue { value: summary.score, bound: Bound::Exact });
        } else if let Some(stored) = probe.stored_reply(mv).filter(|s| s.depth >= summary.depth - 2) {
            history.preferred[d] = Some(stored.reply);
            history.values[d] = Some(RootValue { value: stored.value, bound: stored.bound });
        }
    }
}

// The iterations' opponent: which reply a fallible opponent plays after
// one of our root moves, read from what our own iterations preferred.
//
// An opponent that searches `ITERATION_GAP` plies less than we do (the
// paper's target). After our move it searches each reply to `D - gap - 1`
// plies, which is exactly what our iteration `D - gap + 1` did below that
// reply. So the reply our search preferred for the opponent at that
// iteration is the one the model predicts. Quiescence is the shallowest
// view, so the model needs `D - gap + 1 >= 2`.
//
// A hole at that iteration (no reply recorded) is filled from the next
// deeper one, as Beowulf did. This is the iterations' guess, which costs
// no search: the annotator values each root move's trap by it, and the
// decision names it as the predicted reply of a move it did not ask the
// opponent model about. Which moves the decision verifies, and against
// which replies, does not come from it: the alternatives go in the
// search's order, skipped when even their final-iteration value could
// not win, and their likely replies come from the opponent model
// (`replies/`), with the final iteration's refutation (`decide.rs`).

/// The first iteration whose preferred reply is an opponent's view: at
/// iteration 2 each reply is resolved by quiescence.
pub const SHALLOWEST_VIEW: usize = 2;

/// The plies the iterations' opponent searches less than we do: the
/// paper's `k`, and the searched model's default gap.
pub const ITERATION_GAP: usize = 2;

/// The model's reply after `history`'s root move when our final iteration
/// is `final_depth`: the one iteration `final_depth - gap + 1`, which
/// stands for the opponent's search, preferred; `None` when the model is
/// deeper than our data.
pub fn predict(history: &RootHistory, final_depth: usize) -> Option<Move> {
    let own = final_depth.checked_sub(ITERATION_GAP - 1)?;
    if own < SHALLOWEST_VIEW || own >= final_depth {
        return None;
    }
    history.preferred_filled(own, final_depth).map(|(reply, _)| reply)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tunables::Tunables;
    use movegen::Board;

    fn moves() -> (Move, Move, Move) {
        let board = Board::startpos();
        let parse = |text| board.parse_uci_move(text).expect("legal");
        (parse("e2e4"), parse("d2d4"), parse("g1f3"))
    }

    fn history_with(preferred: &[(usize, Move)]) -> RootHistory {
        let mut history = RootHistory::new(Move::NULL);
        for &(d, mv) in preferred {
            history.preferred[d] = Some(mv);
        }
        history
    }

    #[test]
    fn the_model_plays_what_our_iteration_d_minus_gap_plus_one_preferred() {
        assert_eq!(ITERATION_GAP, Tunables::default().trap_opponent_gap as usize);
        let (a, b, c) = moves();
        // Only iteration 6 preferred `a`.
        let history = history_with(&[(4, b), (5, c), (6, a), (7, b)]);
        assert_eq!(predict(&history, 7), Some(a));
    }

    #[test]
    fn holes_fill_from_deeper() {
        let (a, b, c) = moves();
        // Iteration 6 stands for the opponent; a hole there is filled from 7.
        let history = history_with(&[(4, c), (6, a), (7, b)]);
        assert_eq!(predict(&history, 7), Some(a));
        let hole = history_with(&[(4, c), (5, c), (7, b)]);
        assert_eq!(predict(&hole, 7), Some(b), "from 7, not from the shallower 5");
    }

    #[test]
    fn no_model_below_the_quiescence_view() {
        let (a, _, _) = moves();
        let history = history_with(&[(1, a), (2, a)]);
        assert_eq!(predict(&history, 2), None);
        assert!(predict(&history, 3).is_some());
    }
}
