//! The network's integer weights and the file they are read from.
//!
//! File layout, little-endian: the magic `TRPYNNUE`, the format version
//! (u32), the hidden size (u32), in version 2 the number of output buckets
//! (u32), the first layer's weights (i16, one row of `HIDDEN` per input),
//! its biases (i16 x `HIDDEN`), then for each output bucket its weights
//! (i16 x `HIDDEN` for the side to move, then as many for the other side),
//! the buckets' output biases (i32 each), and an FNV-1a checksum (u64) of
//! everything before it, so a cut or damaged file is refused rather than
//! played with. Version 1 has one output, which every bucket shares; a
//! network whose buckets are all alike is written in that layout, so an
//! older file reads and writes back byte for byte.

use super::features::INPUTS;
use std::fmt;

/// Hidden neurons per side.
pub const HIDDEN: usize = 128;
/// The first layer's weights and biases are stored times this; the
/// activation clips the sums to [0, QUANT_HIDDEN].
pub const QUANT_HIDDEN: i32 = 255;
/// The output weights are stored times this.
pub const QUANT_OUTPUT: i32 = 64;
/// The network's output times this is centipawns.
pub const OUTPUT_SCALE: i32 = 400;

/// The output layer has one set of weights per bucket of material: a
/// position's piece count (kings included) picks it, four counts a bucket,
/// so an endgame is scored by weights of its own.
pub const OUTPUT_BUCKETS: usize = 8;

/// The output bucket of a position with `pieces` pieces on the board.
#[inline]
pub fn output_bucket(pieces: u32) -> usize {
    (pieces.saturating_sub(2) as usize / 4).min(OUTPUT_BUCKETS - 1)
}

const MAGIC: &[u8; 8] = b"TRPYNNUE";
/// One output for every position.
const SHARED_OUTPUT_VERSION: u32 = 1;
/// An output per bucket.
const BUCKETED_VERSION: u32 = 2;

/// The magic, the version and the hidden size; version 2 adds the bucket count.
const SHARED_OUTPUT_HEADER_BYTES: usize = 8 + 4 + 4;
const BUCKETED_HEADER_BYTES: usize = SHARED_OUTPUT_HEADER_BYTES + 4;

/// The length of a file of `version` with `buckets` outputs, checksum included.
const fn file_bytes(version: u32, buckets: usize) -> usize {
    let header = if version == SHARED_OUTPUT_VERSION { SHARED_OUTPUT_HEADER_BYTES } else { BUCKETED_HEADER_BYTES };
    header + 2 * (INPUTS * HIDDEN + HIDDEN + buckets * 2 * HIDDEN) + 4 * buckets + 8
}
/// The largest first-layer weight or bias a file may hold: a bias and 32
/// rows then fit in an i16 sum.
pub const MAX_FEATURE_WEIGHT: i16 = 990;
/// The largest output weight: the output sums then fit in an i32.
pub const MAX_OUTPUT_WEIGHT: i16 = 2 * QUANT_OUTPUT as i16;
/// The length of a network file with an output per bucket.
pub const FILE_BYTES: usize = file_bytes(BUCKETED_VERSION, OUTPUT_BUCKETS);

#[derive(Clone)]
pub struct Network {
    /// The first layer: the row an input adds to each side's sums.
    pub feature_weights: Box<[[i16; HIDDEN]; INPUTS]>,
    pub feature_bias: [i16; HIDDEN],
    /// The output layer of each bucket: weights for the side to move's
    /// half, then the other side's.
    pub output_weights: [[[i16; HIDDEN]; 2]; OUTPUT_BUCKETS],
    pub output_bias: [i32; OUTPUT_BUCKETS],
}

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    NotANetwork,
    Version(u32),
    HiddenSize(u32),
    Buckets(u32),
    Length {
        expected: usize,
        found: usize,
    },
    Checksum,
    /// The file could not be read to its end.
    Unreadable(String),
    /// A weight so large the integer sums could overflow.
    OutOfRange {
        layer: &'static str,
        value: i32,
    },
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::NotANetwork => write!(f, "not a trappy network file (it does not start with TRPYNNUE)"),
            NetworkError::Version(v) => write!(
                f,
                "network format version {v}; this engine reads versions {SHARED_OUTPUT_VERSION} and {BUCKETED_VERSION}"
            ),
            NetworkError::HiddenSize(h) => {
                write!(f, "the network has {h} hidden neurons per side; this engine is built for {HIDDEN}")
            }
            NetworkError::Buckets(b) => {
                write!(f, "the network has {b} output buckets; this engine is built for {OUTPUT_BUCKETS}")
            }
            NetworkError::Length { expected, found } => {
                write!(f, "the network file has {found} bytes where {expected} were expected (cut short or padded)")
            }
            NetworkError::Checksum => write!(f, "the network file's checksum does not match: the file is damaged"),
            NetworkError::Unreadable(error) => write!(f, "the network file cannot be read ({error})"),
            NetworkError::OutOfRange { layer, value } => {
                write!(f, "the network's {layer} holds {value}, beyond what the engine's integer sums can carry")
            }
        }
    }
}

impl std::error::Error for NetworkError {}

/// FNV-1a, 64 bits: enough to catch a damaged file, not a forgery.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// Reads little-endian integers in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0; N];
        out.copy_from_slice(&self.bytes[self.at..self.at + N]);
        self.at += N;
        out
    }

    fn i16(&mut self) -> i16 {
        i16::from_le_bytes(self.take())
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }
}

impl Network {
    /// A network with every weight zero (it scores every position 0).
    pub fn zeroed() -> Network {
        let rows = vec![[0i16; HIDDEN]; INPUTS].into_boxed_slice();
        let feature_weights = rows.try_into().unwrap_or_else(|_| unreachable!("the vector has INPUTS rows"));
        Network {
            feature_weights,
            feature_bias: [0; HIDDEN],
            output_weights: [[[0; HIDDEN]; 2]; OUTPUT_BUCKETS],
            output_bias: [0; OUTPUT_BUCKETS],
        }
    }

    /// Gives every bucket the first bucket's output: one output for every
    /// position, as in a version-1 network.
    pub fn share_first_output(&mut self) {
        self.output_weights = [self.output_weights[0]; OUTPUT_BUCKETS];
        self.output_bias = [self.output_bias[0]; OUTPUT_BUCKETS];
    }

    /// Whether every bucket holds the same output (a version-1 network).
    pub fn shares_one_output(&self) -> bool {
        let first = (&self.output_weights[0], self.output_bias[0]);
        self.output_weights.iter().zip(&self.output_bias).all(|(w, &b)| (w, b) == first)
    }

    /// Reads a network file, checking its magic, version, size and checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < SHARED_OUTPUT_HEADER_BYTES || &bytes[..8] != MAGIC {
            return Err(NetworkError::NotANetwork);
        }
        let mut reader = Reader { bytes, at: 8 };
        let version = reader.u32();
        if version != SHARED_OUTPUT_VERSION && version != BUCKETED_VERSION {
            return Err(NetworkError::Version(version));
        }
        let hidden = reader.u32();
        if hidden as usize != HIDDEN {
            return Err(NetworkError::HiddenSize(hidden));
        }
        let buckets = if version == SHARED_OUTPUT_VERSION {
            1
        } else {
            if bytes.len() < BUCKETED_HEADER_BYTES {
                return Err(NetworkError::Length { expected: FILE_BYTES, found: bytes.len() });
            }
            let buckets = reader.u32();
            if buckets as usize != OUTPUT_BUCKETS {
                return Err(NetworkError::Buckets(buckets));
            }
            OUTPUT_BUCKETS
        };
        let expected = file_bytes(version, buckets);
        if bytes.len() != expected {
            return Err(NetworkError::Length { expected, found: bytes.len() });
        }
        let (body, stored) = bytes.split_at(expected - 8);
        if checksum(body) != u64::from_le_bytes(stored.try_into().map_err(|_| NetworkError::Checksum)?) {
            return Err(NetworkError::Checksum);
        }
        let mut network = Network::zeroed();
        for row in network.feature_weights.iter_mut() {
            row.iter_mut().for_each(|w| *w = reader.i16());
        }
        network.feature_bias.iter_mut().for_each(|b| *b = reader.i16());
        for bucket in network.output_weights.iter_mut().take(buckets) {
            bucket.iter_mut().flatten().for_each(|w| *w = reader.i16());
        }
        for bias in network.output_bias.iter_mut().take(buckets) {
            *bias = i32::from_le_bytes(reader.take());
        }
        if buckets == 1 {
            network.share_first_output();
        }
        network.check_ranges()?;
        Ok(network)
    }

    fn check_ranges(&self) -> Result<(), NetworkError> {
        let first = self.feature_weights.iter().flatten().chain(&self.feature_bias);
        if let Some(&w) = first.clone().find(|w| w.abs() > MAX_FEATURE_WEIGHT) {
            return Err(NetworkError::OutOfRange { layer: "first layer", value: i32::from(w) });
        }
        if let Some(&w) = self.output_weights.iter().flatten().flatten().find(|w| w.abs() > MAX_OUTPUT_WEIGHT) {
            return Err(NetworkError::OutOfRange { layer: "output layer", value: i32::from(w) });
        }
        Ok(())
    }

    /// The file `from_bytes` reads: version 1 when every bucket holds the
    /// same output, else version 2.
    pub fn to_bytes(&self) -> Vec<u8> {
        let (version, buckets) =
            if self.shares_one_output() { (SHARED_OUTPUT_VERSION, 1) } else { (BUCKETED_VERSION, OUTPUT_BUCKETS) };
        let mut bytes = Vec::with_capacity(file_bytes(version, buckets));
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        if version == BUCKETED_VERSION {
            bytes.extend_from_slice(&(buckets as u32).to_le_bytes());
        }
        let rows = self.feature_weights.iter().flatten();
        let outputs = self.output_weights[..buckets].iter().flatten().flatten();
        rows.chain(&self.feature_bias).chain(outputs).for_each(|w| bytes.extend_from_slice(&w.to_le_bytes()));
        self.output_bias[..buckets].iter().for_each(|b| bytes.extend_from_slice(&b.to_le_bytes()));
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    /// The checksum its file ends with, in hex: names this network's
    /// weights, so a record of what played (a data file's header) tells
    /// one network from another even when both were called `embedded`.
    pub fn fingerprint(&self) -> String {
        let bytes = self.to_bytes();
        let (_, stored) = bytes.split_at(bytes.len() - 8);
        stored.iter().rev().map(|b| format!("{b:02x}")).collect()
    }

    /// Reads a network file from disk, checked before it is read whole
    /// (`read_from`); the error names the file. A device, a FIFO or a
    /// folder is refused before it is opened.
    pub fn load(path: &std::path::Path) -> Result<Network, String> {
        let (file, length) = crate::checked_file::open_regular(path, "network file")?;
        Network::read_from(std::io::BufReader::new(file), length).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads a network file of `length` bytes from `reader`: its magic
    /// first, then its length against the longest file a network has
    /// (`FILE_BYTES`), and only then the rest, never past that length.
    pub fn read_from(mut reader: impl std::io::Read, length: u64) -> Result<Network, NetworkError> {
        let mut bytes = vec![0u8; MAGIC.len()];
        if reader.read_exact(&mut bytes).is_err() || bytes[..] != MAGIC[..] {
            return Err(NetworkError::NotANetwork);
        }
        let too_long = |found: u64| NetworkError::Length { expected: FILE_BYTES, found: found as usize };
        if length > FILE_BYTES as u64 {
            return Err(too_long(length));
        }
        let rest = crate::checked_file::read_at_most(reader, (FILE_BYTES - MAGIC.len()) as u64)
            .map_err(|e| NetworkError::Unreadable(e.to_string()))?
            .ok_or(too_long(FILE_BYTES as u64 + 1))?;
        bytes.extend_from_slice(&rest);
        Network::from_bytes(&bytes)
    }
}

#[cfg(test)]
mod test_networks {
    use super::*;

    /// SplitMix64's stream: enough randomness for test positions and
    /// weights without a dependency in the engine.
    pub(crate) struct TestRng(pub u64);

    impl TestRng {
        pub fn next(&mut self) -> u64 {
            let (state, value) = movegen::splitmix64_step(self.0);
            self.0 = state;
            value
        }

        pub fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }

        pub fn gen_range(&mut self, range: std::ops::RangeInclusive<i32>) -> i32 {
            range.start() + self.below((range.end() - range.start() + 1) as usize) as i32
        }
    }

    /// A network of small random weights, for tests.
    pub(crate) fn random_network(seed: u64) -> Network {
        let mut rng = TestRng(seed);
        let mut network = Network::zeroed();
        for row in network.feature_weights.iter_mut() {
            row.iter_mut().for_each(|w| *w = rng.gen_range(-60..=60) as i16);
        }
        network.feature_bias.iter_mut().for_each(|b| *b = rng.gen_range(0..=120) as i16);
        let most = i32::from(MAX_OUTPUT_WEIGHT);
        network.output_weights.iter_mut().flatten().flatten().for_each(|w| *w = rng.gen_range(-most..=most) as i16);
        network.output_bias.iter_mut().for_each(|b| *b = rng.gen_range(-5000..=5000));
        network
    }

    /// `network`'s score of `fen` for the side to move, summed from scratch.
    pub(crate) fn score_of(network: &Network, fen: &str) -> i32 {
        let board = movegen::Board::from_fen(fen).expect("valid");
        crate::nnue::Accumulator::from_scratch(network, &board).score(network, &board)
    }
}
#[cfg(test)]
pub(crate) use test_networks::{random_network, score_of, TestRng};

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Network {
        let mut network = Network::zeroed();
        for (i, row) in network.feature_weights.iter_mut().enumerate() {
            for (j, w) in row.iter_mut().enumerate() {
                *w = ((i * 31 + j * 7) % 200) as i16 - 100;
                if j == 0 {
                    *w = MAX_FEATURE_WEIGHT;
                }
            }
        }
        network.feature_bias[3] = 17;
        for (bucket, (weights, bias)) in network.output_weights.iter_mut().zip(&mut network.output_bias).enumerate() {
            weights[1][5] = -9 - bucket as i16;
            weights[0][bucket] = 40;
            *bias = 1234 + bucket as i32;
        }
        network
    }

    #[test]
    fn a_network_survives_its_file() {
        let network = sample();
        let bytes = network.to_bytes();
        assert_eq!(bytes.len(), FILE_BYTES);
        assert_eq!(u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]), BUCKETED_VERSION);
        let read = Network::from_bytes(&bytes).expect("reads back");
        assert_eq!(read.feature_weights, network.feature_weights);
        assert_eq!(read.feature_bias, network.feature_bias);
        assert_eq!(read.output_weights, network.output_weights);
        assert_eq!(read.output_bias, network.output_bias);
    }

    #[test]
    fn a_shared_output_file_gives_every_bucket_its_output_and_writes_back_the_same() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/networks/gen1.nnue");
        let bytes = std::fs::read(path).expect("the repository's first network");
        assert_eq!(bytes.len(), file_bytes(SHARED_OUTPUT_VERSION, 1));
        let network = Network::from_bytes(&bytes).expect("reads");
        assert!(network.shares_one_output());
        assert!(network.output_weights.iter().all(|w| w == &network.output_weights[0]));
        assert_ne!(network.output_weights[0], [[0; HIDDEN]; 2]);
        assert_eq!(network.to_bytes(), bytes, "written back byte for byte, in the first layout");
        let mut bucketed = network;
        bucketed.output_bias[OUTPUT_BUCKETS - 1] += 1;
        assert_eq!(bucketed.to_bytes().len(), FILE_BYTES);
    }

    #[test]
    fn buckets_follow_the_piece_count() {
        assert_eq!(output_bucket(2), 0);
        assert_eq!(output_bucket(5), 0);
        assert_eq!(output_bucket(6), 1);
        assert_eq!(output_bucket(17), 3);
        assert_eq!(output_bucket(29), 6);
        assert_eq!(output_bucket(30), 7);
        assert_eq!(output_bucket(32), 7);
        // A board never holds fewer than two pieces, but the count is input.
        assert_eq!(output_bucket(0), 0);
        assert_eq!(output_bucket(40), OUTPUT_BUCKETS - 1);
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let bytes = sample().to_bytes();
        assert_eq!(Network::from_bytes(b"hello").err(), Some(NetworkError::NotANetwork));
        assert_eq!(
            Network::from_bytes(&bytes[..1000]).err(),
            Some(NetworkError::Length { expected: FILE_BYTES, found: 1000 })
        );
        assert_eq!(
            Network::from_bytes(&bytes[..18]).err(),
            Some(NetworkError::Length { expected: FILE_BYTES, found: 18 })
        );
        let mut damaged = bytes.clone();
        damaged[5000] ^= 1;
        assert_eq!(Network::from_bytes(&damaged).err(), Some(NetworkError::Checksum));
        let mut wider = bytes.clone();
        wider[12..16].copy_from_slice(&256u32.to_le_bytes());
        assert_eq!(Network::from_bytes(&wider).err(), Some(NetworkError::HiddenSize(256)));
        let mut more_buckets = bytes.clone();
        more_buckets[16..20].copy_from_slice(&16u32.to_le_bytes());
        assert_eq!(Network::from_bytes(&more_buckets).err(), Some(NetworkError::Buckets(16)));
        let mut huge = sample();
        huge.output_weights[3][0][0] = MAX_OUTPUT_WEIGHT + 1;
        let refused = Network::from_bytes(&huge.to_bytes()).err();
        assert_eq!(refused, Some(NetworkError::OutOfRange { layer: "output layer", value: 129 }));
        let mut newer = bytes;
        newer[8..12].copy_from_slice(&3u32.to_le_bytes());
        let message = Network::from_bytes(&newer).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(message.contains("version 3"), "{message}");
    }

    /// What a file that is not a network costs is its first bytes, however
    /// long it is: a device, a huge sparse file, a cut file and a wrong
    /// magic are each refused before more than the magic, or the longest
    /// network, is read.
    #[test]
    fn files_that_are_not_networks_are_refused_before_they_are_read_whole() {
        use crate::checked_file::CountingReader;
        let refused_after = |reader: &mut dyn std::io::Read, length: u64| {
            let (counting, count) = CountingReader::new(reader);
            (Network::read_from(counting, length).err(), count.get())
        };
        // `/dev/zero`, should it get past the check of the file's kind.
        let (error, read) = refused_after(&mut std::io::repeat(0), u64::MAX);
        assert_eq!((error, read), (Some(NetworkError::NotANetwork), MAGIC.len() as u64));
        #[cfg(unix)]
        {
            let error = Network::load(std::path::Path::new("/dev/zero")).err().unwrap_or_default();
            assert!(error.contains("/dev/zero is a device"), "{error}");
        }
        // A huge file that starts as a network: refused by its length.
        let path = std::env::temp_dir().join(format!("trappy-huge-{}.nnue", std::process::id()));
        let file = std::fs::File::create(&path).expect("temp file");
        std::io::Write::write_all(&mut &file, &sample().to_bytes()[..64]).expect("write");
        file.set_len(8 << 30).expect("a sparse file: no disk taken");
        drop(file);
        let (file, length) = crate::checked_file::open_regular(&path, "network file").expect("a regular file");
        let (error, read) = refused_after(&mut std::io::BufReader::new(file), length);
        assert_eq!(error, Some(NetworkError::Length { expected: FILE_BYTES, found: 8 << 30 }));
        assert!(read <= 8 << 10, "read {read} bytes");
        let _ = std::fs::remove_file(&path);
        // An endless stream that starts as a network is read no further
        // than the longest network.
        let mut endless = std::io::Read::chain(&MAGIC[..], std::io::repeat(0));
        let (error, read) = refused_after(&mut endless, FILE_BYTES as u64);
        assert_eq!(error, Some(NetworkError::Length { expected: FILE_BYTES, found: FILE_BYTES + 1 }));
        assert_eq!(read, FILE_BYTES as u64 + 1);
        // A cut file, and a wrong magic.
        let bytes = sample().to_bytes();
        let (error, _) = refused_after(&mut &bytes[..1000], 1000);
        assert_eq!(error, Some(NetworkError::Length { expected: FILE_BYTES, found: 1000 }));
        let mut wrong = bytes.clone();
        wrong[0] = b'X';
        let (error, read) = refused_after(&mut &wrong[..], wrong.len() as u64);
        assert_eq!((error, read), (Some(NetworkError::NotANetwork), MAGIC.len() as u64));
        let (read_back, _) = refused_after(&mut &bytes[..], bytes.len() as u64);
        assert_eq!(read_back, None, "a whole network reads");
    }

    #[test]
    fn the_network_in_the_repository_loads_and_knows_material() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/networks/gen1.nnue");
        let network = Network::load(&path).expect("the repository's network");
        let score = |fen: &str| score_of(&network, fen);
        assert!(score(movegen::START_FEN).abs() < 150);
        let queen_up = score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(queen_up > 700, "a queen up scores {queen_up}");
        // The same position from the other side, colours swapped.
        assert_eq!(score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1"), queen_up);
    }
}
