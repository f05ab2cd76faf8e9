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

/// Rows of a tile: four rows share each weight row they read.
const TILE_ROWS: usize = 4;
/// Outputs of a tile: 4 rows of 32 sums are sixteen 256-bit registers.
const TILE_OUTPUTS: usize = 32;
/// Outputs of the narrower tiles left at the end of a row (80 policy
/// planes are two wide tiles and two of these).
const NARROW_OUTPUTS: usize = 8;

/// `out[r] = input[r] x weights` for every row, each sum over the inputs
/// in order.
pub fn multiply(input: &[f32], from: Rows, weights: &[f32], shape: Shape, out: &mut [f32], to: Rows) {
    let weights = &weights[..shape.inputs * shape.outputs];
    let row_at = |row: usize| &input[from.first + row * from.stride..][..shape.inputs];
    let mut row = 0;
    while row + TILE_ROWS <= shape.count {
        let rows: [&[f32]; TILE_ROWS] = std::array::from_fn(|r| row_at(row + r));
        each_tile(shape.outputs, |output, width| match width {
            TILE_OUTPUTS => store(&tile::<TILE_OUTPUTS>(&rows, weights, shape.outputs, output), out, to, row, output),
            NARROW_OUTPUTS => {
                store(&tile::<NARROW_OUTPUTS>(&rows, weights, shape.outputs, output), out, to, row, output)
            }
            _ => store(&tile::<1>(&rows, weights, shape.outputs, output), out, to, row, output),
        });
        row += TILE_ROWS;
    }
    for row in row..shape.count {
        for output in 0..shape.outputs {
            let sum = weights
                .chunks_exact(shape.outputs)
                .zip(row_at(row))
                .fold(0.0, |sum, (weight_row, &value)| fused(value, weight_row[output], sum));
            out[to.first + row * to.stride + output] = sum;
        }
    }
}

/// Calls `each(first output, width)` across the outputs: wide tiles, then
/// narrow ones, then single outputs.
fn each_tile(outputs: usize, mut each: impl FnMut(usize, usize)) {
    let mut output = 0;
    for width in [TILE_OUTPUTS, NARROW_OUTPUTS, 1] {
        while output + width <= outputs {
            each(output, width);
            output += width;
        }
    }
}

/// The sums of four rows for outputs `output..output + W`: four separate
/// arrays of sums, so that each stays in registers.
fn tile<const W: usize>(
    rows: &[&[f32]; TILE_ROWS],
    weights: &[f32],
    outputs: usize,
    output: usize,
) -> [[f32; W]; TILE_ROWS] {
    let (mut s0, mut s1, mut s2, mut s3) = ([0.0f32; W], [0.0f32; W], [0.0f32; W], [0.0f32; W]);
    let columns = rows[0].iter().zip(rows[1]).zip(rows[2]).zip(rows[3]);
    for (weight_row, (((&a, &b), &c), &d)) in weights.chunks_exact(outputs).zip(columns) {
        let weight: &[f32; W] = weight_row[output..output + W].try_into().expect("a tile of weights");
        for j in 0..W {
            s0[j] = fused(a, weight[j], s0[j]);
            s1[j] = fused(b, weight[j], s1[j]);
            s2[j] = fused(c, weight[j], s2[j]);
            s3[j] = fused(d, weight[j], s3[j]);
        }
    }
    [s0, s1, s2, s3]
}

fn store<const R: usize, const W: usize>(sums: &[[f32; W]; R], out: &mut [f32], to: Rows, row: usize, output: usize) {
    for (r, sum) in sums.iter().enumerate() {
        let at = to.first + (row + r) * to.stride + output;
        out[at..at + W].copy_from_slice(sum);
    }
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
    fn every_tile_shape_gives_the_plain_product() {
        // 6 rows (a tile of four and two single rows), 43 outputs (a wide
        // tile, a narrow one and three single outputs), strided rows.
        let shape = Shape { count: 6, inputs: 5, outputs: 43 };
        let from = Rows { first: 3, stride: 7 };
        let to = Rows { first: 1, stride: 50 };
        let input: Vec<f32> = (0..3 + 7 * 6).map(|i| ((i * 37 % 11) as f32 - 5.0) * 0.25).collect();
        let weights: Vec<f32> = (0..5 * 43).map(|i| ((i * 53 % 17) as f32 - 8.0) * 0.125).collect();
        let mut out = vec![f32::NAN; 1 + 50 * 6];
        multiply(&input, from, &weights, shape, &mut out, to);
        for row in 0..6 {
            for output in 0..43 {
                let expected: f32 =
                    (0..5).map(|i| input[from.first + row * from.stride + i] * weights[i * 43 + output]).sum();
                let got = out[to.first + row * to.stride + output];
                // Quarters times eighths sum exactly, fused or not.
                assert_eq!(got, expected, "row {row} output {output}");
            }
        }
    }
}
