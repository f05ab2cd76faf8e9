//! An lc0 network file, checked before it is read whole: its type from its
//! first bytes (gzip's magic, then lc0's), then its length, then the rest,
//! read no further than `MAX_NETWORK_BYTES` once unpacked. A file that is
//! not a network costs a few kilobytes of reading however large it is.

use crate::checked_file::{open_regular, read_at_most, size_in_words};
use flate2::read::GzDecoder;
use std::io::{Chain, Read};
use std::path::Path;

/// The most a network file may hold, packed or unpacked. Maia's networks
/// unpack to 1.7 MB (1.2 to 1.3 MB gzipped); this is 38 times that, and
/// holds lc0's largest residual networks of the same generation (20
/// blocks of 256 filters: about 48 MB as 16-bit values), though a network
/// that large is far too slow to model an opponent. The layers take up to
/// twice the unpacked bytes as f32, so a load never needs more than about
/// 200 MiB, whatever the file.
pub const MAX_NETWORK_BYTES: u64 = 64 << 20;

const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// What every lc0 network begins with once unpacked: field 1 (`magic`) as
/// a fixed 32-bit value (key 0x0d), 0x1c0 little-endian. lc0 writes its
/// fields in number order, so the magic comes first.
pub const LC0_HEADER: [u8; 5] = [0x0d, 0xc0, 0x01, 0x00, 0x00];

type Start = std::io::Cursor<[u8; 2]>;

/// The file's bytes, unpacked as they are read.
enum Unpacked<R: Read> {
    Gzip(Box<GzDecoder<Chain<Start, R>>>),
    Plain(Chain<Start, R>),
}

impl<R: Read> Read for Unpacked<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Unpacked::Gzip(decoder) => decoder.read(buffer),
            Unpacked::Plain(plain) => plain.read(buffer),
        }
    }
}

fn gzip_error(error: std::io::Error) -> String {
    format!("not a readable gzip file ({error})")
}

/// Checks what `reader` (a file of `length` bytes) starts with and how long
/// it is, reading no more than gzip's buffer (32 KiB) of it; gives the rest
/// of the network's bytes, unpacked, to read.
fn checked_start<R: Read>(mut reader: R, length: u64) -> Result<Unpacked<R>, String> {
    let mut start = [0u8; 2];
    reader.read_exact(&mut start).map_err(|_| "not an lc0 network (no lc0 magic number: the file is nearly empty)")?;
    let gzipped = start == GZIP_MAGIC;
    let rest = std::io::Cursor::new(start).chain(reader);
    let mut unpacked = if gzipped { Unpacked::Gzip(Box::new(GzDecoder::new(rest))) } else { Unpacked::Plain(rest) };
    let mut header = [0u8; LC0_HEADER.len()];
    let complete = match unpacked.read_exact(&mut header) {
        Ok(()) => true,
        Err(error) if gzipped && error.kind() != std::io::ErrorKind::UnexpectedEof => return Err(gzip_error(error)),
        Err(_) => false,
    };
    if !complete || header != LC0_HEADER {
        let start = if gzipped {
            "the file is gzip-compressed, but what it unpacks to does not start with lc0's"
        } else {
            "the file starts with neither gzip's magic nor lc0's"
        };
        return Err(format!("not an lc0 network (no lc0 magic number: {start})"));
    }
    if length > MAX_NETWORK_BYTES {
        return Err(too_large(&format!("it holds {},", size_in_words(length))));
    }
    Ok(unpacked)
}

/// `said` ("it holds 8.0 GiB,") and the bound it passes.
fn too_large(said: &str) -> String {
    let bound = size_in_words(MAX_NETWORK_BYTES);
    format!("{said} more than the {bound} any network this engine reads may hold (Maia's hold 1.7 MB)")
}

/// The unpacked `Net` message of a network file read from `reader`,
/// `length` bytes long (as the file system says; a gzip file may unpack
/// to more, and is cut off past the bound).
pub fn read_net_bytes(reader: impl Read, length: u64) -> Result<Vec<u8>, String> {
    let mut unpacked = checked_start(reader, length)?;
    let gzipped = matches!(unpacked, Unpacked::Gzip(_));
    let rest = read_at_most(&mut unpacked, MAX_NETWORK_BYTES - LC0_HEADER.len() as u64);
    let rest = rest.map_err(|e| if gzipped { gzip_error(e) } else { format!("cannot read it ({e})") })?;
    let mut rest = rest.ok_or_else(|| too_large("it unpacks to"))?;
    let mut bytes = LC0_HEADER.to_vec();
    bytes.append(&mut rest);
    Ok(bytes)
}

/// Checks the network file at `path` as `read_net_bytes` would, reading
/// its start only: whether it can be a network, for discovery, which
/// loads a network only when it is needed and names the file it passes
/// over itself.
pub fn check_network_file(path: &Path) -> Result<(), String> {
    let (file, length) = open_regular(path, "network")?;
    checked_start(file, length).map(|_| ())
}

/// The unpacked `Net` message of the network file at `path`; errors name
/// the file.
pub fn read_network_file(path: &Path) -> Result<Vec<u8>, String> {
    let (file, length) = open_regular(path, "network")?;
    read_net_bytes(std::io::BufReader::new(file), length).map_err(|e| format!("network {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checked_file::CountingReader;
    use crate::lc0::writer::{gzipped, net_bytes, NetSpec};

    /// What a refused file may be read before the refusal: gzip's buffer
    /// and a little more.
    const HEADER_READ: u64 = 64 << 10;

    fn refused_after(bytes: impl Read, length: u64) -> (String, u64) {
        let (reader, count) = CountingReader::new(bytes);
        let error = read_net_bytes(reader, length).expect_err("refused");
        (error, count.get())
    }

    #[test]
    fn an_endless_stream_of_zeros_is_refused_after_its_first_bytes() {
        // `/dev/zero` as the reader sees it, should it ever get that far.
        let (error, read) = refused_after(std::io::repeat(0), u64::MAX);
        assert!(error.contains("no lc0 magic"), "{error}");
        assert!(read <= LC0_HEADER.len() as u64, "read {read} bytes");
    }

    #[test]
    fn a_wrong_magic_number_is_refused_from_the_start_of_the_file() {
        let junk: Vec<u8> = (0..(4u32 << 20)).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
        let (error, read) = refused_after(&junk[..], junk.len() as u64);
        assert!(error.contains("neither gzip's magic nor"), "{error}");
        assert!(read <= LC0_HEADER.len() as u64, "read {read} bytes");
        // Gzipped junk is unpacked only as far as lc0's magic.
        let packed = gzipped(&junk);
        let (error, read) = refused_after(&packed[..], packed.len() as u64);
        assert!(error.contains("gzip-compressed, but what it unpacks to"), "{error}");
        assert!(read <= HEADER_READ, "read {read} of {} bytes", packed.len());
        // A network with lc0's magic changed is no network.
        let mut net = net_bytes(&NetSpec::plane_logits(&[(0, 1.0)]));
        net[1] = 0xc1;
        let (error, read) = refused_after(&net[..], net.len() as u64);
        assert!(error.contains("no lc0 magic"), "{error}");
        assert!(read <= LC0_HEADER.len() as u64);
    }

    #[test]
    fn a_huge_file_with_a_network_start_is_refused_by_its_length() {
        // A sparse file: it takes no disk, and nothing past its start is read.
        let path = std::env::temp_dir().join(format!("trappy-huge-net-{}.pb.gz", std::process::id()));
        let start = gzipped(&net_bytes(&NetSpec::plane_logits(&[(0, 1.0)])));
        let file = std::fs::File::create(&path).expect("temp file");
        std::io::Write::write_all(&mut &file, &start[..1024.min(start.len())]).expect("write");
        file.set_len(8 << 30).expect("a sparse file");
        drop(file);
        let (file, length) = open_regular(&path, "network").expect("a regular file");
        assert_eq!(length, 8 << 30);
        let (error, read) = refused_after(file, length);
        assert!(error.contains("8.0 GiB, more than the 64.0 MiB"), "{error}");
        assert!(read <= HEADER_READ, "read {read} bytes");
        let error = check_network_file(&path).expect_err("too large");
        assert!(error.contains("8.0 GiB"), "{error}");
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_file_that_unpacks_past_the_bound_is_cut_off_there() {
        // A small gzip file that unpacks to more than the bound: lc0's
        // magic, then zeros.
        let mut bomb = LC0_HEADER.to_vec();
        bomb.resize(MAX_NETWORK_BYTES as usize + 4096, 0);
        let packed = gzipped(&bomb);
        drop(bomb);
        let (error, read) = refused_after(&packed[..], packed.len() as u64);
        assert!(error.contains("it unpacks to more than the 64.0 MiB"), "{error}");
        assert!(read <= packed.len() as u64);
    }

    #[test]
    fn a_truncated_network_is_refused_with_the_reason() {
        let packed = gzipped(&net_bytes(&NetSpec::plane_logits(&[(0, 1.0)])));
        let cut = &packed[..packed.len() / 2];
        let (error, read) = refused_after(cut, cut.len() as u64);
        assert!(error.contains("not a readable gzip file"), "{error}");
        assert!(read <= cut.len() as u64);
        let whole = read_net_bytes(&packed[..], packed.len() as u64).expect("the whole file reads");
        assert!(whole.starts_with(&LC0_HEADER));
        // A directory or a device is refused before it is opened.
        let error = check_network_file(&std::env::temp_dir()).expect_err("a folder");
        assert!(error.contains("is a folder"), "{error}");
    }
}
