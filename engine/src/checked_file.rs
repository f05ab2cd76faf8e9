//! Files a user names (networks), opened without trusting them. Only a
//! regular file is read: a device such as `/dev/zero` never ends, opening
//! a FIFO waits for a writer that may never come, and a folder is no
//! file. Each reader then checks the file's type from its first bytes and
//! its length against a bound of its own before it reads the rest, and
//! reads no further than that bound, so what a file costs in time and
//! memory is the reader's bound, never the file's length.

use std::fs::{File, FileType, Metadata};
use std::io::Read;
use std::path::Path;

/// Opens `path` when it is a regular file (a link to one will do), with
/// its length. Anything else is refused before it is opened. Errors name
/// the file as `what` and its path ("cannot read network file x.nnue: ...").
pub fn open_regular(path: &Path, what: &str) -> Result<(File, u64), String> {
    let unreadable = |e: std::io::Error| format!("cannot read {what} {}: {e}", path.display());
    let metadata = std::fs::metadata(path).map_err(unreadable)?;
    refuse_unless_regular(path, what, &metadata)?;
    let file = File::open(path).map_err(unreadable)?;
    // The path may have been replaced between the look and the open: what
    // is read is what was opened, so look at that too.
    let opened = file.metadata().map_err(unreadable)?;
    refuse_unless_regular(path, what, &opened)?;
    Ok((file, opened.len()))
}

fn refuse_unless_regular(path: &Path, what: &str, metadata: &Metadata) -> Result<(), String> {
    if metadata.is_file() {
        return Ok(());
    }
    Err(format!("{what} {} is {}, not a file that can be read", path.display(), kind_of(metadata.file_type())))
}

/// What a path that is not a regular file is, in words.
fn kind_of(file_type: FileType) -> &'static str {
    if file_type.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// All of `reader` when it holds at most `max_bytes`; `None` when it
/// holds more. At most `max_bytes + 1` bytes are read, and the buffer
/// grows only with what was read.
pub fn read_at_most(reader: impl Read, max_bytes: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    reader.take(max_bytes.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= max_bytes).then_some(bytes))
}

/// A size in words: `64 MiB`, `1.5 GiB`, `12 kB`.
pub fn size_in_words(bytes: u64) -> String {
    const KIB: f64 = 1024.0;
    let value = bytes as f64;
    if value >= KIB * KIB * KIB {
        format!("{:.1} GiB", value / (KIB * KIB * KIB))
    } else if value >= KIB * KIB {
        format!("{:.1} MiB", value / (KIB * KIB))
    } else if value >= KIB {
        format!("{:.1} KiB", value / KIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// A reader that counts what it hands out, so a test can show how far a
/// refusing reader read.
#[cfg(test)]
#[derive(Debug)]
pub(crate) struct CountingReader<R> {
    inner: R,
    count: std::rc::Rc<std::cell::Cell<u64>>,
}

#[cfg(test)]
impl<R: Read> CountingReader<R> {
    /// `inner`, and the count of bytes read from it so far.
    pub fn new(inner: R) -> (CountingReader<R>, std::rc::Rc<std::cell::Cell<u64>>) {
        let count = std::rc::Rc::new(std::cell::Cell::new(0));
        (CountingReader { inner, count: count.clone() }, count)
    }
}

#[cfg(test)]
impl<R: Read> Read for CountingReader<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let read = self.inner.read(buffer)?;
        self.count.set(self.count.get() + read as u64);
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_are_opened() {
        let folder = std::env::temp_dir();
        let error = open_regular(&folder, "network").expect_err("a folder");
        assert!(error.contains("is a folder"), "{error}");
        #[cfg(unix)]
        {
            let error = open_regular(Path::new("/dev/zero"), "network").expect_err("a device");
            assert_eq!(error, "network /dev/zero is a device, not a file that can be read");
        }
        let missing = open_regular(Path::new("/nonexistent/file"), "network file").expect_err("missing");
        assert!(missing.starts_with("cannot read network file /nonexistent/file: "), "{missing}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_waiting_for_a_writer() {
        let fifo = std::env::temp_dir().join(format!("trappy-fifo-{}", std::process::id()));
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|status| status.success()) {
            return; // No mkfifo here: nothing to test with.
        }
        // Opening it would block this thread for good; refusing returns.
        let error = open_regular(&fifo, "network").expect_err("a FIFO");
        assert!(error.contains("FIFO"), "{error}");
        let _ = std::fs::remove_file(&fifo);
    }

    #[test]
    fn an_endless_reader_is_read_no_further_than_the_bound() {
        let (endless, count) = CountingReader::new(std::io::repeat(7));
        assert_eq!(read_at_most(endless, 1000).expect("no error"), None);
        assert_eq!(count.get(), 1001);
        let (short, count) = CountingReader::new(&[1u8, 2, 3][..]);
        assert_eq!(read_at_most(short, 3).expect("no error"), Some(vec![1, 2, 3]));
        assert_eq!(count.get(), 3);
        assert_eq!(size_in_words(64 << 20), "64.0 MiB");
        assert_eq!(size_in_words(500), "500 bytes");
    }
}
