//! The evaluation as a linear function of its weights, for fitting.
//!
//! Before tapering, White's view is a sum of weight × count terms, so each
//! weight's coefficient in a position can be read off the evaluation
//! itself: raise the weight, evaluate again, take the difference. That
//! keeps one definition of the evaluation; the fitter never re-implements
//! a term. The one term that is not linear is the king-attack penalty,
//! which is capped: its coefficient is exact below the cap.

use super::{phase, white_view, S};
use crate::tunables::{PieceSquareKey, TunableKind, Tunables, PIECE_SQUARE_RANGE, TUNABLE_SPECS};
use movegen::{Board, Color};

/// One evaluation weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalWeight {
    /// A named tunable, by its index in the table.
    Named(usize),
    PieceSquare(PieceSquareKey),
}

/// Every weight of the evaluation: the named ones, then the piece-square
/// weights. The fitter's parameter vector, in this order.
pub fn evaluation_weights() -> Vec<EvalWeight> {
    let evaluation = |index: &usize| TUNABLE_SPECS[*index].kind == TunableKind::Evaluation;
    let named = (0..TUNABLE_SPECS.len()).filter(evaluation).map(EvalWeight::Named);
    named.chain(PieceSquareKey::all().map(EvalWeight::PieceSquare)).collect()
}

impl EvalWeight {
    pub fn name(self) -> String {
        match self {
            EvalWeight::Named(index) => TUNABLE_SPECS[index].name.to_string(),
            EvalWeight::PieceSquare(key) => key.name(),
        }
    }

    /// The range `Tunables::set` accepts.
    pub fn range(self) -> (i32, i32) {
        match self {
            EvalWeight::Named(index) => (TUNABLE_SPECS[index].min, TUNABLE_SPECS[index].max),
            EvalWeight::PieceSquare(_) => PIECE_SQUARE_RANGE,
        }
    }

    pub fn get(self, tunables: &Tunables) -> i32 {
        match self {
            EvalWeight::Named(index) => tunables.value(index).unwrap_or(0),
            EvalWeight::PieceSquare(key) => tunables.piece_square.get(key),
        }
    }

    /// Sets the weight, clamped to its range.
    pub fn set(self, tunables: &mut Tunables, value: i32) {
        let (min, max) = self.range();
        *self.slot(tunables) = value.clamp(min, max);
    }

    fn slot(self, tunables: &mut Tunables) -> &mut i32 {
        match self {
            EvalWeight::Named(index) => match tunables.slot(index) {
                Some(slot) => slot,
                None => unreachable!("evaluation weights are indices into the table"),
            },
            EvalWeight::PieceSquare(key) => tunables.piece_square.slot(key),
        }
    }

    /// The tempo is added after tapering, for the side to move.
    fn is_tempo(self) -> bool {
        matches!(self, EvalWeight::Named(index) if TUNABLE_SPECS[index].name == "Tempo")
    }
}

/// One position's evaluation as `Σ weight × coefficient`, in White's view:
/// `(Σ w·mg)·phase/24 + (Σ w·eg)·(24 − phase)/24`.
#[derive(Clone, Debug, PartialEq)]
pub struct LinearForm {
    pub phase: i32,
    /// (index into `evaluation_weights()`, middlegame and endgame coefficient)
    pub terms: Vec<(u16, f32, f32)>,
}

/// Raising a weight by this much keeps every integer division in the
/// evaluation exact (the king-attack penalty divides by 64).
const PROBE_STEP: i32 = 64;

/// The coefficients of every weight in `weights` for `board` under
/// `tunables`. `tunables` is changed during the call and restored.
pub fn linear_form(board: &Board, tunables: &mut Tunables, weights: &[EvalWeight]) -> LinearForm {
    let base = white_view(board, tunables);
    let mut terms = Vec::new();
    for (index, &weight) in weights.iter().enumerate() {
        if weight.is_tempo() {
            let sign = if board.side_to_move() == Color::White { 1.0 } else { -1.0 };
            terms.push((index as u16, sign, sign));
            continue;
        }
        let slot = weight.slot(tunables);
        *slot += PROBE_STEP;
        let S(mg, eg) = white_view(board, tunables) - base;
        *weight.slot(tunables) -= PROBE_STEP;
        if mg != 0 || eg != 0 {
            terms.push((index as u16, mg as f32 / PROBE_STEP as f32, eg as f32 / PROBE_STEP as f32));
        }
    }
    LinearForm { phase: phase(board), terms }
}

impl LinearForm {
    /// The evaluation in White's view for the weight vector `values`.
    pub fn evaluate(&self, values: &[f64]) -> f64 {
        let (mg, eg) = self.terms.iter().fold((0.0, 0.0), |(mg, eg), &(index, cmg, ceg)| {
            let value = values[index as usize];
            (mg + value * cmg as f64, eg + value * ceg as f64)
        });
        let phase = self.phase as f64 / super::MAX_PHASE as f64;
        mg * phase + eg * (1.0 - phase)
    }
}

/// The middlegame and endgame coefficients of the named weight in the
/// position `fen`, in White's view: how many times the position counts it.
#[cfg(test)]
pub(crate) fn coefficient(fen: &str, name: &str) -> (f32, f32) {
    let board = Board::from_fen(fen).expect("test positions are valid");
    let weights = evaluation_weights();
    let index = weights.iter().position(|w| w.name() == name).expect("an evaluation weight");
    let form = linear_form(&board, &mut Tunables::default(), &weights);
    form.terms.iter().find(|term| term.0 as usize == index).map_or((0.0, 0.0), |term| (term.1, term.2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate;

    #[test]
    fn the_linear_form_reproduces_the_evaluation() {
        let mut tunables = Tunables::default();
        let weights = evaluation_weights();
        let values: Vec<f64> = weights.iter().map(|w| w.get(&tunables) as f64).collect();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
            "r1bq1rk1/pp2nppp/2n1p3/3pP3/2pP4/P1P2N2/2P1QPPP/R1B1KB1R w KQ - 0 9",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            let board = Board::from_fen(fen).expect("valid");
            let form = linear_form(&board, &mut tunables, &weights);
            assert_eq!(tunables, Tunables::default(), "restored");
            let white = evaluate(&board, &tunables) * board.side_to_move().sign();
            // The engine's taper rounds to whole centipawns.
            assert!(
                (form.evaluate(&values) - white as f64).abs() <= 1.0,
                "{fen}: {} vs {white}",
                form.evaluate(&values)
            );
        }
    }

    #[test]
    fn only_evaluation_weights_move_the_evaluation() {
        let board =
            Board::from_fen("r1bq1rk1/pp2nppp/2n1p3/3pP3/2pP4/P1P2N2/2P1QPPP/R1B1KB1R w KQ - 0 9").expect("valid");
        let others = TUNABLE_SPECS.iter().enumerate().filter(|(_, spec)| spec.kind != TunableKind::Evaluation);
        for (index, spec) in others {
            let mut changed = Tunables::default();
            let value = if spec.default == spec.max { spec.min } else { spec.max };
            changed.set(spec.name, value as i64).expect("in range");
            assert_eq!(evaluate(&board, &changed), evaluate(&board, &Tunables::default()), "{} ({index})", spec.name);
        }
    }
}
