//! Files a later run reads back (states, checkpoints, networks, charts)
//! are written beside their path and renamed over it, so an interrupt or
//! a crash leaves the old file whole, never half of a new one.

use std::path::{Path, PathBuf};

pub fn write_atomically(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), String> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = PathBuf::from(temporary);
    std::fs::write(&temporary, bytes).map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
    std::fs::rename(&temporary, path).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_is_replaced_whole_and_nothing_is_left_beside_it() {
        let dir = std::env::temp_dir().join(format!("trappy-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("state.json");
        write_atomically(&path, "old").expect("writes");
        write_atomically(&path, b"new").expect("replaces");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
        assert_eq!(std::fs::read_dir(&dir).expect("list").count(), 1);
        let missing = write_atomically(&dir.join("no/such/folder.json"), "x").expect_err("no folder");
        assert!(missing.contains("cannot write"), "{missing}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
