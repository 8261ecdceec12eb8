//! Private folders for the files the harness hands to runs (inputs, a checker's files).

/// A new private folder, in RAM when /dev/shm is available (file creation on a disk mounted with
/// `discard` costs milliseconds), else in the system temporary directory. Removed when dropped.
pub fn scratch_dir() -> std::io::Result<tempfile::TempDir> {
    scratch_dir_named("stressjudge-in-")
}

/// [`scratch_dir`] with a name starting with `prefix`.
pub fn scratch_dir_named(prefix: &str) -> std::io::Result<tempfile::TempDir> {
    let shm = std::path::Path::new("/dev/shm");
    if shm.is_dir() {
        if let Ok(dir) = tempfile::Builder::new().prefix(prefix).tempdir_in(shm) {
            return Ok(dir);
        }
    }
    tempfile::Builder::new().prefix(prefix).tempdir()
}
