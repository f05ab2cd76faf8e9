//! SplitMix64, the one mixer of the workspace: the Zobrist keys are its
//! stream at compile time, and every crate above draws reproducible
//! numbers from it (evaluation noise, seeded move draws, coin flips,
//! test data). It lives at the bottom so that everyone can reach it.

/// The stream's increment: the golden ratio in 64 bits.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// One step of the SplitMix64 stream from `state`: the next state and the
/// value it yields.
pub const fn splitmix64_step(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(GAMMA);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// A well-mixed 64-bit value from any input: every input bit moves every
/// output bit, so neighbouring inputs draw apart.
pub const fn splitmix64(x: u64) -> u64 {
    splitmix64_step(x).1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_yields_the_published_values() {
        // The reference implementation's first outputs from seed 1234567.
        let mut state = 1_234_567;
        let mut outputs = Vec::new();
        for _ in 0..3 {
            let (next, value) = splitmix64_step(state);
            state = next;
            outputs.push(value);
        }
        assert_eq!(outputs, [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423]);
        assert_eq!(splitmix64(1_234_567), outputs[0]);
        let near: Vec<u64> = (0..4).map(splitmix64).collect();
        assert!(near.windows(2).all(|pair| (pair[0] ^ pair[1]).count_ones() > 16), "{near:?}");
    }
}
