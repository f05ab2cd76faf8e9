//! 3x3 convolutions by Winograd's minimal filtering F(2x2, 3x3), as lc0's
//! own CPU backends compute them: the board is sixteen 2x2 output tiles,
//! each read through a 4x4 window; a window's transform (`B^T d B`) times
//! each filter's transform (`G g G^T`, made once when the network is
//! read), point by point, summed over the inputs, then transformed back
//! (`A^T m A`), gives the tile. The sum over inputs is one matrix product
//! per transform point (`matmul.rs`): 16 multiplications per tile and
//! input where direct convolution needs 36.
//!
//! Activations are square-major, `[position][square][channel]`, so every
//! transform works on whole vectors of channels.

use super::matmul::{multiply, pack, Rows, Shape};
use super::weights::Conv;

/// Points of a window's transform (4x4).
const POINTS: usize = 16;
/// Output tiles on the board (4x4 tiles of 2x2 squares).
const TILES: usize = 16;
/// The padded board's side: the board and a border of zeros.
pub const PADDED: usize = 10;

#[derive(Clone, Debug, PartialEq)]
pub struct WinogradConv {
    pub inputs: usize,
    pub outputs: usize,
    /// `kernels[point]`: each filter's transform, `[input][output]` packed
    /// for the matrix product.
    kernels: Vec<f32>,
    biases: Vec<f32>,
}

/// Buffers a convolution reuses: the windows' transforms, `[tile][point][input]`
/// for every position, their products, `[tile][point][output]`, and one
/// window's transform half done.
#[derive(Default)]
pub struct Workspace {
    transformed: Vec<f32>,
    products: Vec<f32>,
    /// A window's transform over its rows only.
    rows: Vec<f32>,
}

impl WinogradConv {
    /// `conv` must be 3x3.
    pub fn new(conv: &Conv) -> WinogradConv {
        let (inputs, outputs) = (conv.inputs, conv.outputs);
        let mut kernels = vec![0.0; POINTS * inputs * outputs];
        for output in 0..outputs {
            for input in 0..inputs {
                let filter = &conv.weights[(output * inputs + input) * 9..][..9];
                for (point, value) in transform_filter(filter).into_iter().enumerate() {
                    kernels[(point * inputs + input) * outputs + output] = value;
                }
            }
        }
        let kernels = kernels.chunks_exact(inputs * outputs).flat_map(|point| pack(point, inputs, outputs)).collect();
        WinogradConv { inputs, outputs, kernels, biases: conv.biases.clone() }
    }

    /// `out[position][square][output]`: the biases plus the convolution of
    /// `padded` (`[position][10][10][input]`, zeros round the board),
    /// through a ReLU when `relu`.
    pub fn convolve(&self, padded: &[f32], positions: usize, work: &mut Workspace, out: &mut Vec<f32>, relu: bool) {
        let (inputs, outputs) = (self.inputs, self.outputs);
        let Workspace { transformed, products, rows } = work;
        rows.resize(POINTS * inputs.max(outputs), 0.0);
        transformed.resize(positions * TILES * POINTS * inputs, 0.0);
        products.resize(positions * TILES * POINTS * outputs, 0.0);
        out.resize(positions * 64 * outputs, 0.0);
        for (window, transform) in transformed.chunks_exact_mut(POINTS * inputs).enumerate() {
            let (position, tile) = (window / TILES, window % TILES);
            let corner = (position * PADDED + 2 * (tile / 4)) * PADDED + 2 * (tile % 4);
            transform_window(&padded[corner * inputs..], inputs, rows, transform);
        }
        let shape = Shape { count: positions * TILES, inputs, outputs };
        for point in 0..POINTS {
            let from = Rows { first: point * inputs, stride: POINTS * inputs };
            let to = Rows { first: point * outputs, stride: POINTS * outputs };
            let kernels = &self.kernels[point * inputs * outputs..][..inputs * outputs];
            multiply(transformed, from, kernels, shape, products, to);
        }
        for (window, product) in products.chunks_exact(POINTS * outputs).enumerate() {
            let (position, tile) = (window / TILES, window % TILES);
            let corner = position * 64 + 2 * (tile / 4) * 8 + 2 * (tile % 4);
            self.transform_back(product, rows, &mut out[corner * outputs..], relu);
        }
    }

    /// One tile's four squares from its product (`[point][output]`), into
    /// `out` from the tile's lower left square on (rows of 8 squares).
    /// A^T = [1 1 1 0; 0 1 -1 -1], over the window's rows, then its files:
    /// the first output is `b + (a + c)`, the second `b - (c + d)`.
    fn transform_back(&self, product: &[f32], rows: &mut [f32], out: &mut [f32], relu: bool) {
        let outputs = self.outputs;
        let at = |point: usize| &product[point * outputs..][..outputs];
        for x in 0..4 {
            combine3(&mut rows[x * outputs..][..outputs], at(4 + x), at(x), at(8 + x), 1.0);
            combine3(&mut rows[(4 + x) * outputs..][..outputs], at(4 + x), at(8 + x), at(12 + x), -1.0);
        }
        let rows = &rows[..8 * outputs];
        let at = |point: usize| &rows[point * outputs..][..outputs];
        for y in 0..2 {
            for (x, (first, second, sign)) in [(0, 2, 1.0), (2, 3, -1.0)].into_iter().enumerate() {
                let target = &mut out[(y * 8 + x) * outputs..][..outputs];
                combine3(target, at(y * 4 + 1), at(y * 4 + first), at(y * 4 + second), sign);
                for (value, bias) in target.iter_mut().zip(&self.biases) {
                    let sum = *value + bias;
                    *value = if relu { sum.max(0.0) } else { sum };
                }
            }
        }
    }
}

/// `out = p + sign * (q + r)`, channel by channel.
fn combine3(out: &mut [f32], p: &[f32], q: &[f32], r: &[f32], sign: f32) {
    for (((out, p), q), r) in out.iter_mut().zip(p).zip(q).zip(r) {
        *out = p + sign * (q + r);
    }
}

/// `out = p + sign * q`, channel by channel.
fn combine2(out: &mut [f32], p: &[f32], q: &[f32], sign: f32) {
    for ((out, p), q) in out.iter_mut().zip(p).zip(q) {
        *out = p + sign * q;
    }
}

/// The four combinations B^T = [1 0 -1 0; 0 1 1 0; 0 -1 1 0; 0 1 0 -1]
/// makes of four values: `(first, second, sign)` gives `first + sign * second`.
const INPUT_TRANSFORM: [(usize, usize, f32); 4] = [(0, 2, -1.0), (1, 2, 1.0), (2, 1, -1.0), (1, 3, -1.0)];

/// `B^T d B` of the 4x4 window from `corner` on (rows of 10 squares of
/// `inputs` channels), into `transform[point][input]`, over the window's
/// rows into `rows`, then over its files.
fn transform_window(corner: &[f32], inputs: usize, rows: &mut [f32], transform: &mut [f32]) {
    let at = |y: usize, x: usize| &corner[(y * PADDED + x) * inputs..][..inputs];
    for (y, &(first, second, sign)) in INPUT_TRANSFORM.iter().enumerate() {
        for x in 0..4 {
            combine2(&mut rows[(y * 4 + x) * inputs..][..inputs], at(first, x), at(second, x), sign);
        }
    }
    let rows = &rows[..POINTS * inputs];
    let at = |point: usize| &rows[point * inputs..][..inputs];
    for y in 0..4 {
        for (x, &(first, second, sign)) in INPUT_TRANSFORM.iter().enumerate() {
            combine2(&mut transform[(y * 4 + x) * inputs..][..inputs], at(y * 4 + first), at(y * 4 + second), sign);
        }
    }
}

/// `G g G^T` of a 3x3 filter (`filter[row * 3 + file]`), in f64 and
/// rounded once: G = [1 0 0; 1/2 1/2 1/2; 1/2 -1/2 1/2; 0 0 1].
fn transform_filter(filter: &[f32]) -> [f32; POINTS] {
    let g = |a: f64, b: f64, c: f64| [a, (a + b + c) / 2.0, (a - b + c) / 2.0, c];
    let value = |at: usize| f64::from(filter[at]);
    let columns: [[f64; 4]; 3] = std::array::from_fn(|x| g(value(x), value(3 + x), value(6 + x)));
    let mut transformed = [0.0f32; POINTS];
    for y in 0..4 {
        let row = g(columns[0][y], columns[1][y], columns[2][y]);
        for x in 0..4 {
            transformed[y * 4 + x] = row[x] as f32;
        }
    }
    transformed
}

/// A convolution's input, `[position][10][10][channel]`: the board with a
/// border of zeros. The border is written once, when the shape changes.
#[derive(Default)]
pub struct Padded {
    values: Vec<f32>,
    channels: usize,
}

impl Padded {
    pub fn values(&self) -> &[f32] {
        &self.values
    }

    fn reshape(&mut self, positions: usize, channels: usize) {
        let size = positions * PADDED * PADDED * channels;
        if self.values.len() != size || self.channels != channels {
            self.values.clear();
            self.values.resize(size, 0.0);
            self.channels = channels;
        }
    }

    /// From square-major activations (`[position][square][channel]`).
    pub fn fill(&mut self, activations: &[f32], positions: usize, channels: usize) {
        self.reshape(positions, channels);
        for position in 0..positions {
            for rank in 0..8 {
                let from = &activations[(position * 64 + rank * 8) * channels..][..8 * channels];
                let at = ((position * PADDED + rank + 1) * PADDED + 1) * channels;
                self.values[at..at + 8 * channels].copy_from_slice(from);
            }
        }
    }

    /// From plane-major inputs (`[position][plane][square]`).
    pub fn fill_from_planes(&mut self, planes: &[f32], positions: usize, channels: usize) {
        self.reshape(positions, channels);
        for position in 0..positions {
            for (plane, values) in planes[position * channels * 64..][..channels * 64].chunks_exact(64).enumerate() {
                for (square, &value) in values.iter().enumerate() {
                    let at = (position * PADDED + square / 8 + 1) * PADDED + square % 8 + 1;
                    self.values[at * channels + plane] = value;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3x3 convolution computed directly, in f64: `[square][output]`.
    fn direct(conv: &Conv, input: &[f32]) -> Vec<f64> {
        let mut out = vec![0.0; 64 * conv.outputs];
        for square in 0..64i32 {
            for output in 0..conv.outputs {
                let mut sum = f64::from(conv.biases[output]);
                for tap in 0..9i32 {
                    let (rank, file) = (square / 8 + tap / 3 - 1, square % 8 + tap % 3 - 1);
                    if !(0..8).contains(&rank) || !(0..8).contains(&file) {
                        continue;
                    }
                    for i in 0..conv.inputs {
                        let weight = conv.weights[(output * conv.inputs + i) * 9 + tap as usize];
                        sum += f64::from(weight) * f64::from(input[(rank * 8 + file) as usize * conv.inputs + i]);
                    }
                }
                out[square as usize * conv.outputs + output] = sum;
            }
        }
        out
    }

    #[test]
    fn the_winograd_convolution_is_the_direct_one() {
        // 11 inputs and 13 outputs: a full group of 8 channels and a part.
        let (inputs, outputs) = (11, 13);
        let value = |i: usize, scale: f32| ((i * 7919 % 101) as f32 / 50.0 - 1.0) * scale;
        let conv = Conv {
            inputs,
            outputs,
            kernel: 3,
            weights: (0..outputs * inputs * 9).map(|i| value(i, 0.3)).collect(),
            biases: (0..outputs).map(|i| value(i + 5, 0.5)).collect(),
        };
        let input: Vec<f32> = (0..64 * inputs).map(|i| value(i + 17, 1.0)).collect();
        let mut padded = Padded::default();
        padded.fill(&input, 1, inputs);
        let padded = padded.values();
        let (mut out, mut work) = (Vec::new(), Workspace::default());
        let winograd = WinogradConv::new(&conv);
        winograd.convolve(padded, 1, &mut work, &mut out, false);
        let expected = direct(&conv, &input);
        let largest = expected.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        assert!(largest > 1.0, "the outputs are not trivially small ({largest})");
        for (at, (&got, &want)) in out.iter().zip(&expected).enumerate() {
            assert!((f64::from(got) - want).abs() < 1e-5, "square {} output {}: {got} vs {want}", at / 13, at % 13);
        }
        winograd.convolve(padded, 1, &mut work, &mut out, true);
        for (&got, &want) in out.iter().zip(&expected) {
            assert!((f64::from(got) - want.max(0.0)).abs() < 1e-5);
        }
    }

    #[test]
    fn planes_pad_as_activations_do() {
        let (channels, positions) = (3, 2);
        let activations: Vec<f32> = (0..positions * 64 * channels).map(|i| i as f32).collect();
        let planes: Vec<f32> = (0..positions * channels * 64)
            .map(|i| {
                let (position, plane, square) = (i / (channels * 64), i / 64 % channels, i % 64);
                activations[(position * 64 + square) * channels + plane]
            })
            .collect();
        let (mut from_activations, mut from_planes) = (Padded::default(), Padded::default());
        from_activations.fill(&activations, positions, channels);
        // Written over a buffer that held another shape: its border is zero again.
        from_planes.fill(&vec![1.0; 64 * 5], 1, 5);
        from_planes.fill_from_planes(&planes, positions, channels);
        let (from_activations, from_planes) = (from_activations.values(), from_planes.values());
        assert_eq!(from_activations, from_planes);
        assert_eq!(from_activations[((PADDED + 1) * channels)..][..channels], activations[..channels]);
        assert_eq!(from_activations[..PADDED * channels], vec![0.0; PADDED * channels][..]);
    }
}
