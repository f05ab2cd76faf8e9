//! The opponent model: which reply a fallible opponent plays after one of
//! our root moves, and how likely it is to play it.
//!
//! The default opponent searches `gap` plies less than we do (the paper's
//! target). After our move it searches each reply to `D - gap - 1` plies,
//! which is exactly what our iteration `D - gap + 1` did below that reply.
//! So the reply our search preferred for the opponent at that iteration
//! is the one the model predicts. Quiescence is the shallowest view, so
//! the model needs `D - gap + 1 >= 2`.
//!
//! The probability depends on the method: `Median` counts the share of
//! the iterations around the opponent's depth (`spread` of them, ending at
//! its own) that preferred the same reply, since real opponents search a
//! little deeper or shallower from move to move, and a reply that looks
//! best at several depths is the natural one. The other two methods trust
//! the opponent's own depth alone.

use super::config::{TrapConfig, TrapMethod};
use super::history::RootHistory;
use movegen::Move;

/// The first iteration whose preferred reply is an opponent's view: at
/// iteration 2 each reply is resolved by quiescence.
pub const SHALLOWEST_VIEW: usize = 2;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Prediction {
    pub reply: Move,
    /// 0..=1000.
    pub probability: i32,
    /// The iteration depth that stands for the opponent's search.
    pub opponent_iteration: usize,
}

/// The model's reply after `history`'s root move when our final iteration
/// is `final_depth`; `None` when the model is deeper than our data.
pub fn predict(history: &RootHistory, final_depth: usize, config: &TrapConfig) -> Option<Prediction> {
    let own = final_depth.checked_sub(config.opponent_gap - 1)?;
    if own < SHALLOWEST_VIEW || own >= final_depth {
        return None;
    }
    let (reply, probability) = match config.method {
        TrapMethod::DepthMinusOne => (history.preferred[own]?, 1000),
        // Outside the decision (which runs the search) the iterations'
        // best guess stands in for the searched reply.
        TrapMethod::BestShallow | TrapMethod::Search => (history.preferred_filled(own, final_depth)?.0, 1000),
        TrapMethod::Median => {
            let reply = history.preferred_filled(own, final_depth)?.0;
            let first = own.saturating_sub(config.spread - 1).max(SHALLOWEST_VIEW);
            let agreeing = (first..=own)
                .filter(|&d| history.preferred_filled(d, final_depth).map(|(mv, _)| mv) == Some(reply))
                .count();
            (reply, (1000 * agreeing / (own - first + 1)) as i32)
        }
    };
    Some(Prediction { reply, probability, opponent_iteration: own })
}

/// Whether the model's reply is a candidate trap: the deeper final
/// iteration prefers a different reply (or has none recorded). A reply
/// the final iteration still prefers is, as far as we know, best.
pub fn may_be_trap(history: &RootHistory, prediction: &Prediction, final_depth: usize) -> bool {
    history.preferred[final_depth] != Some(prediction.reply)
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
        let (a, b, _) = moves();
        let config = TrapConfig::from_tunables(&Tunables::default());
        assert_eq!(config.opponent_gap, 2);
        let history = history_with(&[(4, a), (5, a), (6, a), (7, b)]);
        let prediction = predict(&history, 7, &config).expect("a prediction");
        assert_eq!((prediction.reply, prediction.opponent_iteration), (a, 6));
        assert_eq!(prediction.probability, 1000);
        assert!(may_be_trap(&history, &prediction, 7));
        // The final iteration still prefers it: no trap.
        let settled = history_with(&[(5, a), (6, a), (7, a)]);
        assert!(!may_be_trap(&settled, &predict(&settled, 7, &config).expect("prediction"), 7));
    }

    #[test]
    fn median_counts_agreement_and_holes_fill_from_deeper() {
        let (a, b, c) = moves();
        let config = TrapConfig { spread: 3, ..TrapConfig::from_tunables(&Tunables::default()) };
        // Iterations 4..=6 stand for the opponent; 4 disagrees, 5 is a hole
        // filled from 6.
        let history = history_with(&[(4, c), (6, a), (7, b)]);
        let prediction = predict(&history, 7, &config).expect("a prediction");
        assert_eq!((prediction.reply, prediction.probability), (a, 666));
        let strict = TrapConfig { method: TrapMethod::DepthMinusOne, ..config };
        assert_eq!(predict(&history, 7, &strict).map(|p| p.probability), Some(1000));
        let hole = history_with(&[(4, c), (7, b)]);
        // A hole at the opponent's own depth: DepthMinusOne has no data,
        // the others take the final iteration's reply, which is no trap.
        assert_eq!(predict(&hole, 7, &strict), None);
        let filled = predict(&hole, 7, &config).expect("filled");
        assert_eq!(filled.reply, b);
        assert!(!may_be_trap(&hole, &filled, 7));
    }

    #[test]
    fn no_model_below_the_quiescence_view() {
        let (a, _, _) = moves();
        let config = TrapConfig::from_tunables(&Tunables::default());
        let history = history_with(&[(1, a), (2, a)]);
        assert_eq!(predict(&history, 2, &config), None);
        assert!(predict(&history, 3, &config).is_some());
    }
}
