//! Writing the packages benchmarks build on disk.

use std::path::Path;

/// Writes `text` to `dir/relative`, creating the folders on the way.
pub fn write_file(dir: &Path, relative: &str, text: &str) {
    let path = dir.join(relative);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}
