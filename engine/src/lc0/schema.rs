//! lc0's network schema (`proto/net.proto` in lc0's source): the field
//! numbers and enumeration values of the messages a residual network with
//! a classical or convolutional policy uses, named once for the reader
//! (`weights.rs`) and the test writer (`writer.rs`). A module per message,
//! in the order a file nests them.

/// `Net`, the whole file.
pub mod net {
    pub const MAGIC: u32 = 1;
    pub const FORMAT: u32 = 4;
    pub const WEIGHTS: u32 = 10;
    /// The value of `MAGIC` in every lc0 network.
    pub const MAGIC_NUMBER: u32 = 0x1c0;
}

/// `Format`: how the weights are stored and what network they make.
pub mod format {
    pub const WEIGHTS_ENCODING: u32 = 1;
    pub const NETWORK_FORMAT: u32 = 2;
}

/// `NetworkFormat`, and the values of its fields that this reader knows.
pub mod network_format {
    pub const INPUT: u32 = 1;
    pub const NETWORK: u32 = 3;
    pub const POLICY: u32 = 4;
    pub const INPUT_CLASSICAL_112_PLANE: u64 = 1;
    /// Structures 1 to 4 are residual towers: classical or with
    /// squeeze-excitation, each with or without a head format.
    pub const NETWORK_SE_WITH_HEADFORMAT: u64 = 4;
    pub const POLICY_CLASSICAL: u64 = 1;
    pub const POLICY_CONVOLUTION: u64 = 2;
}

/// `Weights`, the layers.
pub mod weights {
    pub const INPUT: u32 = 1;
    pub const RESIDUAL: u32 = 2;
    /// The convolutional head's second convolution, or the classical
    /// head's only one.
    pub const POLICY: u32 = 3;
    /// The classical policy head's dense layer.
    pub const POLICY_DENSE_WEIGHTS: u32 = 4;
    pub const POLICY_DENSE_BIASES: u32 = 5;
    /// The convolutional policy head's first convolution.
    pub const POLICY1: u32 = 11;
}

/// `Weights.Residual`, one block of the tower.
pub mod residual {
    pub const CONV1: u32 = 1;
    pub const CONV2: u32 = 2;
    pub const SE: u32 = 3;
}

/// `Weights.SEunit`, a squeeze-excitation unit.
pub mod se_unit {
    pub const W1: u32 = 1;
    pub const B1: u32 = 2;
    pub const W2: u32 = 3;
    pub const B2: u32 = 4;
}

/// `Weights.ConvBlock`, a convolution and its batch normalisation.
pub mod conv_block {
    pub const WEIGHTS: u32 = 1;
    pub const BIASES: u32 = 2;
    pub const MEANS: u32 = 3;
    /// lc0 names it `bn_stddivs`; it holds variances.
    pub const VARIANCES: u32 = 4;
    pub const GAMMAS: u32 = 5;
    pub const BETAS: u32 = 6;
}

/// `Weights.Layer`, one array of values, and its encodings.
pub mod layer {
    pub const MIN_VALUE: u32 = 1;
    pub const MAX_VALUE: u32 = 2;
    pub const PARAMS: u32 = 3;
    pub const ENCODING: u32 = 4;
    pub const LINEAR16: u64 = 1;
    pub const FLOAT16: u64 = 2;
    pub const BFLOAT16: u64 = 3;
    pub const FLOAT32: u64 = 4;
}
