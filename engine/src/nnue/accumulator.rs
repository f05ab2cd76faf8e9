//! The first layer's sums for both sides, and the score they give.
//!
//! After a move only the inputs of the pieces that moved, were taken or
//! promoted change. Rather than decode the move (castling, en passant,
//! promotion each differ), the update compares the two positions' piece
//! sets: whatever changed, in any kind of move, is what it adds and takes
//! away.

use super::features::{feature_index, for_each_feature};
use super::network::{output_bucket, Network, HIDDEN, OUTPUT_SCALE, QUANT_HIDDEN, QUANT_OUTPUT};
use movegen::{Board, Color, Piece, Square};

/// The scores a network gives stay below mate scores.
const MAX_NETWORK_SCORE: i64 = 20_000;

/// The sums of each side's hidden layer, indexed by that side's colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    sums: [[i16; HIDDEN]; 2],
}

/// The pieces that left or reached a square in one move.
struct Changes {
    removed: [(Color, Piece, Square); 4],
    removed_count: usize,
    added: [(Color, Piece, Square); 4],
    added_count: usize,
}

impl Changes {
    /// The difference between two positions, or `None` when more changed
    /// than one move can change.
    fn between(before: &Board, after: &Board) -> Option<Changes> {
        let none = (Color::White, Piece::Pawn, Square::new(0, 0));
        let mut changes = Changes { removed: [none; 4], removed_count: 0, added: [none; 4], added_count: 0 };
        for owner in Color::ALL {
            for piece in Piece::ALL {
                let (was, is) = (before.colored(piece, owner), after.colored(piece, owner));
                let changed = was ^ is;
                for square in changed & was {
                    *changes.removed.get_mut(changes.removed_count)? = (owner, piece, square);
                    changes.removed_count += 1;
                }
                for square in changed & is {
                    *changes.added.get_mut(changes.added_count)? = (owner, piece, square);
                    changes.added_count += 1;
                }
            }
        }
        Some(changes)
    }
}

impl Accumulator {
    /// The sums of `board` computed from every piece.
    pub fn from_scratch(network: &Network, board: &Board) -> Accumulator {
        let mut sums = [network.feature_bias; 2];
        for perspective in Color::ALL {
            let half = &mut sums[perspective.index()];
            for_each_feature(board, perspective, |feature| add_row(half, &network.feature_weights[feature]));
        }
        Accumulator { sums }
    }

    /// Sets these sums to those of `after`, a move away from `before`
    /// whose sums are `parent`.
    pub fn update_from(&mut self, parent: &Accumulator, network: &Network, before: &Board, after: &Board) {
        let Some(changes) = Changes::between(before, after) else {
            *self = Accumulator::from_scratch(network, after);
            return;
        };
        for perspective in Color::ALL {
            let half = &mut self.sums[perspective.index()];
            *half = parent.sums[perspective.index()];
            for &(owner, piece, square) in &changes.added[..changes.added_count] {
                add_row(half, &network.feature_weights[feature_index(perspective, owner, piece, square)]);
            }
            for &(owner, piece, square) in &changes.removed[..changes.removed_count] {
                subtract_row(half, &network.feature_weights[feature_index(perspective, owner, piece, square)]);
            }
        }
    }

    /// The network's score in centipawns for the side to move of `board`,
    /// the position these sums hold (its piece count picks the output).
    pub fn score(&self, network: &Network, board: &Board) -> i32 {
        let side_to_move = board.side_to_move();
        let bucket = output_bucket(board.occupied().count());
        let [our_weights, their_weights] = &network.output_weights[bucket];
        let ours = activated_dot(&self.sums[side_to_move.index()], our_weights);
        let theirs = activated_dot(&self.sums[(!side_to_move).index()], their_weights);
        let hidden = (ours + theirs) / i64::from(QUANT_HIDDEN) + i64::from(network.output_bias[bucket]);
        let score = hidden * i64::from(OUTPUT_SCALE) / i64::from(QUANT_HIDDEN * QUANT_OUTPUT);
        score.clamp(-MAX_NETWORK_SCORE, MAX_NETWORK_SCORE) as i32
    }
}

#[inline]
fn add_row(half: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    half.iter_mut().zip(row).for_each(|(sum, w)| *sum = sum.wrapping_add(*w));
}

#[inline]
fn subtract_row(half: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    half.iter_mut().zip(row).for_each(|(sum, w)| *sum = sum.wrapping_sub(*w));
}

/// The output layer over one half: each sum clipped to [0, QUANT_HIDDEN]
/// and squared, times its weight. Weights within `MAX_OUTPUT_WEIGHT` keep
/// the total within an i32.
#[inline]
fn activated_dot(half: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i64 {
    let total: i32 = half
        .iter()
        .zip(weights)
        .map(|(&sum, &w)| {
            let clipped = i32::from(sum.clamp(0, QUANT_HIDDEN as i16));
            clipped * i32::from(w) * clipped
        })
        .sum();
    i64::from(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::network::{random_network, TestRng, MAX_FEATURE_WEIGHT, MAX_OUTPUT_WEIGHT, OUTPUT_BUCKETS};

    #[test]
    fn updated_sums_equal_sums_from_scratch_along_random_games() {
        let network = random_network(7);
        let starts = [
            movegen::START_FEN,
            // Castling both ways, en passant and promotions come up often.
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ];
        let mut rng = TestRng(11);
        let (mut castles, mut en_passants, mut promotions) = (0, 0, 0);
        for fen in starts {
            for _ in 0..20 {
                let mut board = Board::from_fen(fen).expect("valid");
                let mut accumulator = Accumulator::from_scratch(&network, &board);
                for _ in 0..60 {
                    let moves = board.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.below(moves.len())];
                    match mv.kind() {
                        movegen::MoveKind::Castle => castles += 1,
                        movegen::MoveKind::EnPassant => en_passants += 1,
                        _ if mv.promotion().is_some() => promotions += 1,
                        _ => {}
                    }
                    let mut after = board.clone();
                    after.play(mv);
                    let mut next = accumulator.clone();
                    next.update_from(&accumulator, &network, &board, &after);
                    assert_eq!(
                        next,
                        Accumulator::from_scratch(&network, &after),
                        "after {mv:?} from {}",
                        board.to_fen()
                    );
                    assert_eq!(
                        next.score(&network, &after),
                        Accumulator::from_scratch(&network, &after).score(&network, &after)
                    );
                    (board, accumulator) = (after, next);
                }
            }
        }
        assert!(
            castles > 0 && en_passants > 0 && promotions > 0,
            "{castles} castles, {en_passants} en passant, {promotions} promotions"
        );
    }

    #[test]
    fn the_score_is_the_same_for_a_mirrored_position() {
        let network = random_network(3);
        let board =
            Board::from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 5").expect("valid");
        let mirrored = board.mirrored();
        let ours = Accumulator::from_scratch(&network, &board).score(&network, &board);
        let theirs = Accumulator::from_scratch(&network, &mirrored).score(&network, &mirrored);
        assert_eq!(ours, theirs);
    }

    #[test]
    fn the_largest_weights_a_file_may_hold_do_not_overflow() {
        let mut network = Network::zeroed();
        network.feature_weights.iter_mut().flatten().for_each(|w| *w = MAX_FEATURE_WEIGHT);
        network.feature_bias = [MAX_FEATURE_WEIGHT; HIDDEN];
        network.output_weights = [[[MAX_OUTPUT_WEIGHT; HIDDEN]; 2]; OUTPUT_BUCKETS];
        let board = Board::startpos();
        let score = Accumulator::from_scratch(&network, &board).score(&network, &board);
        assert_eq!(score, MAX_NETWORK_SCORE as i32);
    }
}
