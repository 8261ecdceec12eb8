//! A run's working directory, on the harness's side: directories made and files copied in
//! before the run ([`prepare`], [`carry_in`]), files read back after it ([`collect`],
//! [`carry_out`]), everything removed for the next run ([`empty`]).
//!
//! What the candidate left is hostile: collected files are opened without following any
//! symbolic link, one path component at a time, never blocking on a FIFO, and read up to
//! [`COLLECT_LIMIT`] bytes; emptying never follows links and gives back permissions the
//! candidate took away.

use std::fs::{self, File};
use std::io::{self, Read};
use std::os::fd::OwnedFd;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Component, Path, PathBuf};

use rustix::fs::{Mode, OFlags};

/// Bytes read back from each collected file at most.
pub const COLLECT_LIMIT: u64 = 64 * 1024;

/// Checks that `name` is a plain relative path inside the working directory.
pub(crate) fn checked_name(name: &str) -> io::Result<&Path> {
    let path = Path::new(name);
    let plain = !name.is_empty()
        && !name.contains('\0')
        && path.components().all(|c| matches!(c, Component::Normal(_)));
    if !plain {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("`{name}` is not a relative path inside the working directory"),
        ));
    }
    Ok(path)
}

/// Creates `relative` and its missing parents under `root`, owned by `owner` when given.
fn make_dirs(root: &Path, relative: &Path, owner: Option<(u32, u32)>) -> io::Result<()> {
    let mut dir = root.to_path_buf();
    for part in relative.components() {
        dir.push(part);
        match fs::create_dir(&dir) {
            Ok(()) => {
                if let Some((uid, gid)) = owner {
                    std::os::unix::fs::chown(&dir, Some(uid), Some(gid))?;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && dir.is_dir() => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Makes the directories `dirs` and copies `files` (name inside, harness path) into the
/// working directory `root`. Copies are readable by everyone (the candidate may run as another
/// user) and writable only by the harness's user.
pub(crate) fn prepare(
    root: &Path,
    dirs: &[String],
    files: &[(String, PathBuf)],
    owner: Option<(u32, u32)>,
) -> io::Result<()> {
    for name in dirs {
        make_dirs(root, checked_name(name)?, owner)?;
    }
    for (name, source) in files {
        let relative = checked_name(name)?;
        if let Some(parent) = relative.parent() {
            make_dirs(root, parent, owner)?;
        }
        let target = root.join(relative);
        fs::copy(source, &target).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!(
                    "cannot copy {} into the run's directory: {e}",
                    source.display()
                ),
            )
        })?;
        let executable = fs::metadata(&target)?.mode() & 0o111 != 0;
        let mode = if executable { 0o755 } else { 0o644 };
        fs::set_permissions(&target, fs::Permissions::from_mode(mode))?;
    }
    Ok(())
}

/// Copies the carried folder's files from the harness (`carried.host`, with its subfolders)
/// into the folder `carried.name` of the working directory `root`, made if missing; folders
/// and files are owned by `owner` when given, so the program can change and remove them.
pub(crate) fn carry_in(
    root: &Path,
    carried: &super::Carried,
    owner: Option<(u32, u32)>,
) -> io::Result<()> {
    let relative = checked_name(&carried.name)?;
    make_dirs(root, relative, owner)?;
    copy_in(&carried.host, &root.join(relative), owner)
}

fn copy_in(from: &Path, to: &Path, owner: Option<(u32, u32)>) -> io::Result<()> {
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let name = entry.file_name();
        let target = to.join(&name);
        if kind.is_dir() {
            make_dirs(to, Path::new(&name), owner)?;
            copy_in(&entry.path(), &target, owner)?;
        } else if kind.is_file() {
            fs::copy(entry.path(), &target)?;
            fs::set_permissions(&target, fs::Permissions::from_mode(0o644))?;
            if let Some((uid, gid)) = owner {
                std::os::unix::fs::chown(&target, Some(uid), Some(gid))?;
            }
        }
    }
    Ok(())
}

/// Replaces the harness's copy of the carried folder (`carried.host`) with what the run left
/// in `carried.name` under `root`: its regular files and folders, read without following
/// links (anything else is left out), at most `limit` bytes in all (more is an error naming
/// the folder). A folder the run removed or replaced carries nothing.
pub(crate) fn carry_out(root: &Path, carried: &super::Carried, limit: u64) -> io::Result<()> {
    let relative = checked_name(&carried.name)?;
    empty(&carried.host)?;
    let mut left = limit;
    copy_out(root, relative, &carried.host, &mut left).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!(
                "cannot keep the folder `{}` for the next run: {e}",
                carried.name
            ),
        )
    })
}

fn copy_out(root: &Path, relative: &Path, host: &Path, left: &mut u64) -> io::Result<()> {
    // Folders are listed through the run's directory as it left them: `symlink_metadata`
    // and `file_type` never follow a link, and each file is opened beneath `root`.
    match fs::symlink_metadata(root.join(relative)) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => return Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    }
    for entry in fs::read_dir(root.join(relative))? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let child = relative.join(entry.file_name());
        let target = host.join(entry.file_name());
        if kind.is_dir() {
            fs::create_dir(&target)?;
            copy_out(root, &child, &target, left)?;
        } else if kind.is_file() {
            let (bytes, length) = read_path(root, &child, left.saturating_add(1))?;
            if length > *left {
                return Err(io::Error::new(
                    io::ErrorKind::FileTooLarge,
                    "it holds more than the output limit",
                ));
            }
            *left -= length;
            fs::write(&target, bytes)?;
        }
    }
    Ok(())
}

/// Opens `relative` under `root` without following symbolic links anywhere on the way.
fn open_beneath(root: &Path, relative: &Path) -> io::Result<OwnedFd> {
    let mut dir = rustix::fs::open(
        root,
        OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )?;
    let parts: Vec<_> = relative.components().collect();
    let (last, parents) = parts.split_last().expect("a checked name is not empty");
    for part in parents {
        dir = rustix::fs::openat(
            &dir,
            part.as_os_str(),
            OFlags::PATH | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
    }
    let fd = rustix::fs::openat(
        &dir,
        last.as_os_str(),
        OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC,
        Mode::empty(),
    )?;
    Ok(fd)
}

/// Reads back the regular files `names` from the working directory `root`, at most
/// [`COLLECT_LIMIT`] bytes each; missing files (and links, directories, FIFOs) are absent.
pub(crate) fn collect(root: &Path, names: &[String]) -> Vec<(String, Vec<u8>)> {
    names
        .iter()
        .filter_map(|name| {
            let (bytes, _) = read_file(root, name, COLLECT_LIMIT).ok()?;
            Some((name.clone(), bytes))
        })
        .collect()
}

/// Reads at most `limit` bytes of the regular file `name` in the working directory `root`,
/// with its full length; never follows a link nor blocks on a FIFO (those are errors, as is a
/// missing file).
pub(crate) fn read_file(root: &Path, name: &str, limit: u64) -> io::Result<(Vec<u8>, u64)> {
    read_path(root, checked_name(name)?, limit)
}

/// [`read_file`] of a checked relative path.
fn read_path(root: &Path, relative: &Path, limit: u64) -> io::Result<(Vec<u8>, u64)> {
    let file = File::from(open_beneath(root, relative)?);
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("`{}` is not a regular file", relative.display()),
        ));
    }
    let mut bytes = Vec::with_capacity(meta.len().min(limit) as usize);
    file.take(limit).read_to_end(&mut bytes)?;
    Ok((bytes, meta.len()))
}

/// Removes everything inside `root` (not `root` itself), giving back permissions the candidate
/// took away; never follows a symbolic link.
pub(crate) fn empty(root: &Path) -> io::Result<()> {
    for entry in fs::read_dir(root)? {
        let path = entry?.path();
        let meta = fs::symlink_metadata(&path)?;
        if meta.is_dir() {
            if meta.permissions().mode() & 0o700 != 0o700 {
                fs::set_permissions(&path, fs::Permissions::from_mode(0o700))?;
            }
            empty(&path)?;
            fs::remove_dir(&path)?;
        } else {
            fs::remove_file(&path)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_must_stay_inside() {
        assert!(checked_name("feedback/judgemessage.txt").is_ok());
        for bad in ["", "/etc/passwd", "../x", "a/../../x", "./a", "a\0b"] {
            assert!(checked_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn files_go_in_and_only_plain_files_come_out() {
        let root = tempfile::tempdir().unwrap();
        let source = root.path().join("source");
        fs::write(&source, b"answer").unwrap();
        let work = root.path().join("work");
        fs::create_dir(&work).unwrap();
        let files = vec![("in/answer.txt".to_string(), source.clone())];
        prepare(&work, &["feedback".to_string()], &files, None).unwrap();
        assert!(work.join("feedback").is_dir());
        assert_eq!(fs::read(work.join("in/answer.txt")).unwrap(), b"answer");
        fs::write(work.join("feedback/message"), vec![b'x'; 100_000]).unwrap();
        std::os::unix::fs::symlink(&source, work.join("feedback/link")).unwrap();
        std::os::unix::fs::symlink(root.path(), work.join("up")).unwrap();
        let wanted: Vec<String> = ["feedback/message", "feedback/link", "up/source", "missing"]
            .map(String::from)
            .into();
        let got = collect(&work, &wanted);
        assert_eq!(
            got.len(),
            1,
            "{:?}",
            got.iter().map(|g| &g.0).collect::<Vec<_>>()
        );
        assert_eq!(got[0].0, "feedback/message");
        assert_eq!(got[0].1.len() as u64, COLLECT_LIMIT);
        fs::set_permissions(work.join("feedback"), fs::Permissions::from_mode(0o000)).unwrap();
        empty(&work).unwrap();
        assert_eq!(fs::read_dir(&work).unwrap().count(), 0);
        assert!(source.exists(), "emptying followed a link");
    }

    #[test]
    fn a_carried_folder_lasts_from_one_run_to_the_next() {
        let root = tempfile::tempdir().unwrap();
        let host = root.path().join("kept");
        fs::create_dir(&host).unwrap();
        let carried = super::super::Carried {
            name: "feedback".into(),
            host: host.clone(),
        };
        let work = root.path().join("work");
        fs::create_dir(&work).unwrap();
        // The first run finds it empty and leaves files, a folder and a link.
        carry_in(&work, &carried, None).unwrap();
        assert_eq!(fs::read_dir(work.join("feedback")).unwrap().count(), 0);
        fs::write(work.join("feedback/.pass"), "0").unwrap();
        fs::create_dir(work.join("feedback/sub")).unwrap();
        fs::write(work.join("feedback/sub/state"), vec![b's'; 100_000]).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", work.join("feedback/link")).unwrap();
        carry_out(&work, &carried, 1 << 20).unwrap();
        empty(&work).unwrap();
        // The next run finds them, whole and writable, and no link.
        carry_in(&work, &carried, None).unwrap();
        assert_eq!(fs::read(work.join("feedback/.pass")).unwrap(), b"0");
        assert_eq!(
            fs::read(work.join("feedback/sub/state")).unwrap().len(),
            100_000
        );
        assert!(fs::symlink_metadata(work.join("feedback/link")).is_err());
        fs::write(work.join("feedback/.pass"), "1").unwrap();
        fs::remove_file(work.join("feedback/sub/state")).unwrap();
        carry_out(&work, &carried, 1 << 20).unwrap();
        assert_eq!(fs::read(host.join(".pass")).unwrap(), b"1");
        assert!(!host.join("sub/state").exists());
        // More than the limit is an error naming the folder.
        let err = carry_out(&work, &carried, 0).unwrap_err();
        assert!(err.to_string().contains("`feedback`"), "{err}");
    }
}
