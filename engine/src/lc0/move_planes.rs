//! The convolutional policy head's last convolution, computed only where
//! a legal move reads it: each move's logit is one plane at one square
//! (`policy_map::conv_source`), a 3x3 window of the head's hidden layer
//! times that plane's filter. Some 30 legal moves need 30 such sums where
//! the whole convolution makes 80 planes of 64 squares.

use super::matmul::dot;
use super::policy_map::conv_source;
use super::weights::Conv;
use super::winograd::PADDED;

#[derive(Clone, Debug, PartialEq)]
pub struct MovePlanes {
    inputs: usize,
    /// `filters[plane][tap][input]`, taps rows above first, files left first.
    filters: Vec<f32>,
    biases: Vec<f32>,
}

impl MovePlanes {
    /// `conv` must be 3x3.
    pub fn new(conv: &Conv) -> MovePlanes {
        let inputs = conv.inputs;
        let mut filters = vec![0.0; conv.outputs * 9 * inputs];
        for plane in 0..conv.outputs {
            for input in 0..inputs {
                for tap in 0..9 {
                    filters[(plane * 9 + tap) * inputs + input] = conv.weights[(plane * inputs + input) * 9 + tap];
                }
            }
        }
        MovePlanes { inputs, filters, biases: conv.biases.clone() }
    }

    /// The logit of move `place` (an index into lc0's 1,858 moves) for
    /// `position` of `padded` (`[position][10][10][input]`, zeros round the
    /// board).
    pub fn logit(&self, padded: &[f32], position: usize, place: usize) -> f32 {
        let source = conv_source(place);
        let (plane, square) = (source / 64, source % 64);
        // The window's lower left corner on the padded board is the square
        // below and left of `square`.
        let corner = (position * PADDED + square / 8) * PADDED + square % 8;
        let mut sum = self.biases[plane];
        for tap in 0..9 {
            let at = (corner + (tap / 3) * PADDED + tap % 3) * self.inputs;
            let filter = &self.filters[(plane * 9 + tap) * self.inputs..][..self.inputs];
            sum += dot(filter, &padded[at..at + self.inputs]);
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::super::policy_map::POLICY_MOVES;
    use super::super::winograd::Padded;
    use super::*;

    #[test]
    fn a_moves_logit_is_the_convolution_at_its_plane_and_square() {
        let (inputs, planes) = (5, 80);
        let value = |i: usize| (i * 7919 % 97) as f32 / 48.0 - 1.0;
        let conv = Conv {
            inputs,
            outputs: planes,
            kernel: 3,
            weights: (0..planes * inputs * 9).map(value).collect(),
            biases: (0..planes).map(|i| value(i + 3)).collect(),
        };
        // Two positions: the second's logits must read the second board.
        let activations: Vec<f32> = (0..2 * 64 * inputs).map(|i| value(i + 11)).collect();
        let mut padded = Padded::default();
        padded.fill(&activations, 2, inputs);
        let move_planes = MovePlanes::new(&conv);
        for place in (0..POLICY_MOVES).step_by(7) {
            let source = conv_source(place);
            let (plane, square) = (source / 64, (source % 64) as i32);
            for position in 0..2 {
                let mut expected = f64::from(conv.biases[plane]);
                for tap in 0..9i32 {
                    let (rank, file) = (square / 8 + tap / 3 - 1, square % 8 + tap % 3 - 1);
                    if (0..8).contains(&rank) && (0..8).contains(&file) {
                        for input in 0..inputs {
                            let weight = conv.weights[(plane * inputs + input) * 9 + tap as usize];
                            let at = (position * 64 + (rank * 8 + file) as usize) * inputs + input;
                            expected += f64::from(weight) * f64::from(activations[at]);
                        }
                    }
                }
                let logit = move_planes.logit(padded.values(), position, place);
                assert!((f64::from(logit) - expected).abs() < 1e-4, "move {place} position {position}");
            }
        }
    }
}
