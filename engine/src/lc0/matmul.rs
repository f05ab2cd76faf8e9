//! The matrix product every convolution comes down to: rows of inputs
//! times a weight matrix `[input][output]`, register-tiled so that the
//! compiler keeps a tile of sums in vector registers and reads each
//! weight row once per tile.

/// Where a matrix's rows lie in its buffer: row `r` starts at
/// `first + r * stride`. The Winograd pass keeps the rows of its 16
/// transform points interleaved, so each point's matrix is strided.
#[derive(Clone, Copy, Debug)]
pub struct Rows {
    pub first: usize,
    pub stride: usize,
}

/// The shape of a product: `count` rows of `inputs` values, times
/// `weights[input][output]`, gives `count` rows of `outputs` values.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub count: usize,
    pub inputs: usize,
    pub outputs: usize,
}

/// A tile is 8 rows by 16 outputs: its sums are sixteen 256-bit
/// registers, and each weight it reads serves 8 rows, so the weights
/// (which do not fit in the cache: they stream in once per position) are
/// read at a pace the memory keeps up with. A processor without AVX-512
/// has 16 vector registers, not 32: there a tile is 8 rows by 8 outputs,
/// whose sums, a row of weights and a broadcast value fit in them.
const TILE_ROWS: usize = 8;
const TILE_OUTPUTS: usize = if cfg!(target_feature = "avx512f") { 16 } else { 8 };

/// A weight matrix `[input][output]` laid out as the product reads it:
/// each tile's columns together, `[tile][input][TILE_OUTPUTS]`, then the
/// columns left over, `[input][rest]`; every tile's weights are one
/// stream from memory.
pub fn pack(weights: &[f32], inputs: usize, outputs: usize) -> Vec<f32> {
    let whole = outputs / TILE_OUTPUTS * TILE_OUTPUTS;
    let mut packed = Vec::with_capacity(inputs * outputs);
    for first in (0..whole).step_by(TILE_OUTPUTS) {
        for input in 0..inputs {
            packed.extend_from_slice(&weights[input * outputs + first..][..TILE_OUTPUTS]);
        }
    }
    for input in 0..inputs {
        packed.extend_from_slice(&weights[input * outputs + whole..][..outputs - whole]);
    }
    packed
}

/// `out[r] = input[r] x weights` for every row (`packed` as `pack` lays
/// out the weights), each sum over the inputs in order.
pub fn multiply(input: &[f32], from: Rows, packed: &[f32], shape: Shape, out: &mut [f32], to: Rows) {
    let Shape { count, inputs, outputs } = shape;
    let whole = outputs / TILE_OUTPUTS * TILE_OUTPUTS;
    let (tiles, rest) = packed[..inputs * outputs].split_at(inputs * whole);
    let row_at = |row: usize| &input[from.first + row * from.stride..][..inputs];
    let mut row = 0;
    while row + TILE_ROWS <= count {
        let rows: [&[f32]; TILE_ROWS] = std::array::from_fn(|r| row_at(row + r));
        for (tile_index, weights) in tiles.chunks_exact(inputs * TILE_OUTPUTS).enumerate() {
            store(&tile(&rows, weights), out, to, row, tile_index * TILE_OUTPUTS);
        }
        row += TILE_ROWS;
    }
    for row in row..count {
        let values = row_at(row);
        for (tile_index, weights) in tiles.chunks_exact(inputs * TILE_OUTPUTS).enumerate() {
            let mut sums = [0.0f32; TILE_OUTPUTS];
            for (weight, &value) in weights.chunks_exact(TILE_OUTPUTS).zip(values) {
                sums.iter_mut().zip(weight).for_each(|(sum, &weight)| *sum = fused(value, weight, *sum));
            }
            let at = to.first + row * to.stride + tile_index * TILE_OUTPUTS;
            out[at..at + TILE_OUTPUTS].copy_from_slice(&sums);
        }
    }
    let left = outputs - whole;
    for row in 0..count {
        for output in 0..left {
            let sum = rest
                .chunks_exact(left)
                .zip(row_at(row))
                .fold(0.0, |sum, (weights, &value)| fused(value, weights[output], sum));
            out[to.first + row * to.stride + whole + output] = sum;
        }
    }
}

/// The sums of a tile of eight rows (`weights`: the tile's `[input][TILE_OUTPUTS]`):
/// eight named arrays of sums, each row's values read in step, so that
/// the compiler keeps every sum in a register.
fn tile(rows: &[&[f32]; TILE_ROWS], weights: &[f32]) -> [[f32; TILE_OUTPUTS]; TILE_ROWS] {
    let [mut s0, mut s1, mut s2, mut s3, mut s4, mut s5, mut s6, mut s7] = [[0.0f32; TILE_OUTPUTS]; TILE_ROWS];
    let columns = rows[0].iter().zip(rows[1]).zip(rows[2]).zip(rows[3]);
    let columns = columns.zip(rows[4].iter().zip(rows[5]).zip(rows[6]).zip(rows[7]));
    for (weight, ((((&a, &b), &c), &d), (((&e, &f), &g), &h))) in weights.chunks_exact(TILE_OUTPUTS).zip(columns) {
        for j in 0..TILE_OUTPUTS {
            s0[j] = fused(a, weight[j], s0[j]);
            s1[j] = fused(b, weight[j], s1[j]);
            s2[j] = fused(c, weight[j], s2[j]);
            s3[j] = fused(d, weight[j], s3[j]);
            s4[j] = fused(e, weight[j], s4[j]);
            s5[j] = fused(f, weight[j], s5[j]);
            s6[j] = fused(g, weight[j], s6[j]);
            s7[j] = fused(h, weight[j], s7[j]);
        }
    }
    [s0, s1, s2, s3, s4, s5, s6, s7]
}

fn store<const W: usize>(sums: &[[f32; W]; TILE_ROWS], out: &mut [f32], to: Rows, row: usize, output: usize) {
    for (r, sum) in sums.iter().enumerate() {
        let at = to.first + (row + r) * to.stride + output;
        out[at..at + W].copy_from_slice(sum);
    }
}

/// The sum of `a[i] * b[i]`, sixteen lanes at a time (so that it is
/// vector arithmetic), the lanes added last.
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 16];
    let (a_chunks, b_chunks) = (a.chunks_exact(16), b.chunks_exact(16));
    let rest: f32 = a_chunks.remainder().iter().zip(b_chunks.remainder()).map(|(x, y)| x * y).sum();
    for (x, y) in a_chunks.zip(b_chunks) {
        for lane in 0..16 {
            lanes[lane] = fused(x[lane], y[lane], lanes[lane]);
        }
    }
    lanes.iter().sum::<f32>() + rest
}

/// `a * b + c`, in one rounding where the processor has a fused
/// multiply-add (without one, `mul_add` would be a slow library call).
#[inline(always)]
pub fn fused(a: f32, b: f32, c: f32) -> f32 {
    if cfg!(target_feature = "fma") {
        a.mul_add(b, c)
    } else {
        a * b + c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dot_product_sums_its_lanes_and_the_rest() {
        let a: Vec<f32> = (0..37).map(|i| i as f32 * 0.5).collect();
        let b: Vec<f32> = (0..37).map(|i| (i % 5) as f32 - 2.0).collect();
        let expected: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
        assert_eq!(dot(&a, &b), expected);
        // The first three products: 0 x -2, 0.5 x -1, 1 x 0.
        assert_eq!(dot(&a[..3], &b[..3]), -0.5);
    }

    #[test]
    fn every_tile_shape_gives_the_plain_product() {
        // 18 rows (two tiles and two single rows), 43 outputs (two tiles
        // and eleven single outputs), strided rows.
        let shape = Shape { count: 18, inputs: 19, outputs: 43 };
        let (count, inputs, outputs) = (shape.count, shape.inputs, shape.outputs);
        let from = Rows { first: 3, stride: 23 };
        let to = Rows { first: 1, stride: 50 };
        let input: Vec<f32> = (0..3 + 23 * count).map(|i| ((i * 37 % 11) as f32 - 5.0) * 0.25).collect();
        let weights: Vec<f32> = (0..inputs * outputs).map(|i| ((i * 53 % 17) as f32 - 8.0) * 0.125).collect();
        let mut out = vec![f32::NAN; 1 + 50 * count];
        multiply(&input, from, &pack(&weights, inputs, outputs), shape, &mut out, to);
        for row in 0..count {
            for output in 0..outputs {
                let expected: f32 = (0..inputs)
                    .map(|i| input[from.first + row * from.stride + i] * weights[i * outputs + output])
                    .sum();
                let got = out[to.first + row * to.stride + output];
                // Quarters times eighths sum exactly, fused or not.
                assert_eq!(got, expected, "row {row} output {output}");
            }
        }
    }
}
