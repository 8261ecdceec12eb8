//! The file system a fully isolated candidate sees, assembled once by the inner launcher in its
//! own mount namespace:
//!
//! | path | what |
//! |---|---|
//! | `/` | a small tmpfs, read-only, holding only mount points and symlinks |
//! | `/usr`, `/bin`, `/sbin`, `/lib*`, `/etc` | the host's, read-only (symlinks such as `/bin -> usr/bin` are recreated) |
//! | `/dev` | a read-only tmpfs with `null`, `zero`, `full`, `random`, `urandom` bound from the host, `fd`, `stdin`, `stdout`, `stderr`, `shm -> /tmp` |
//! | `/proc` | a fresh procfs of the sandbox's PID namespace, `/proc/sys` read-only |
//! | `/tmp` | a private tmpfs of [`TMP_BYTES`], emptied after every run |
//! | `/box` | the working directory: the host's `DIR/box`, read-write (read-only for a run that asks, see [`super::FileIo::read_only_dir`]) |
//! | any other path a run lists as read-only | bound read-only at the same path, on first use |
//!
//! The host's root stays mounted, under an empty read-only tmpfs at `/.host`, so that paths a
//! later run needs can still be bound from it (through a descriptor opened before the switch;
//! a bind source must be a mount of this namespace). Nothing else of the host is reachable:
//! the home directory, the build cache, other sandboxes' directories and the harness's
//! temporary files are simply not there.
//!
//! Mounts use the kernel's newer mount API (`open_tree`, `move_mount`, `mount_setattr`, Linux
//! 5.12+) through `rustix`, except `mount_setattr`, which `rustix` lacks and is called through
//! `libc`: it makes a recursive bind read-only in one call, submounts included.

use std::collections::HashMap;
use std::ffi::CString;
use std::fs;
use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Component, Path, PathBuf};

use rustix::fs::{AtFlags, Mode, OFlags, CWD};
use rustix::mount::{MountFlags, MountPropagationFlags, MoveMountFlags, OpenTreeFlags};

use super::step_mounts::StepMounts;

/// Size of the private `/tmp`.
pub const TMP_BYTES: u64 = 64 << 20;

/// Top-level host directories every program may need, bound read-only.
const SYSTEM_DIRS: [&str; 8] = [
    "usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc",
];

/// Device files bound from the host.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

const MOUNT_ATTR_RDONLY: u64 = 0x1;
const MOUNT_ATTR_NOSUID: u64 = 0x2;
const MOUNT_ATTR_NODEV: u64 = 0x4;
const MOUNT_ATTR_NOEXEC: u64 = 0x8;

/// `struct mount_attr` of `mount_setattr(2)`.
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

/// `mount_setattr(2)` on `path` relative to `dir` (or on `dir` itself when `path` is empty).
fn mount_setattr(
    dir: BorrowedFd<'_>,
    path: &Path,
    set: u64,
    clear: u64,
    recursive: bool,
) -> io::Result<()> {
    let c_path = CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "NUL in a path"))?;
    let mut flags = if path.as_os_str().is_empty() {
        libc::AT_EMPTY_PATH
    } else {
        0
    };
    if recursive {
        flags |= libc::AT_RECURSIVE;
    }
    let attr = MountAttr {
        attr_set: set,
        attr_clr: clear,
        propagation: 0,
        userns_fd: 0,
    };
    // SAFETY: valid descriptor, NUL-terminated path and a correctly sized mount_attr.
    let r = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            dir.as_raw_fd(),
            c_path.as_ptr(),
            flags as libc::c_uint,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    if r < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Binds `from` (relative to `from_dir`) onto the existing `to`, with mount attributes `set`
/// (recursively, submounts included, when `recursive`).
fn bind(
    from_dir: BorrowedFd<'_>,
    from: &Path,
    to: &Path,
    set: u64,
    recursive: bool,
) -> io::Result<()> {
    let mut flags = OpenTreeFlags::OPEN_TREE_CLONE | OpenTreeFlags::OPEN_TREE_CLOEXEC;
    if recursive {
        flags |= OpenTreeFlags::AT_RECURSIVE;
    }
    let tree = rustix::mount::open_tree(from_dir, from, flags)?;
    if set != 0 {
        mount_setattr(tree.as_fd(), Path::new(""), set, 0, recursive)?;
    }
    rustix::mount::move_mount(
        tree.as_fd(),
        "",
        CWD,
        to,
        MoveMountFlags::MOVE_MOUNT_F_EMPTY_PATH,
    )?;
    Ok(())
}

fn context<E: std::fmt::Display>(what: impl FnOnce() -> String) -> impl FnOnce(E) -> String {
    move |e| format!("{}: {e}", what())
}

/// A host path as a path relative to the host's root directory.
fn relative(path: &Path) -> &Path {
    path.strip_prefix("/").unwrap_or(path)
}

/// Whether `path` lies in one of the system directories that are always visible.
pub(crate) fn in_system_dir(path: &Path) -> bool {
    let mut parts = path.components();
    if parts.next() != Some(Component::RootDir) {
        return false;
    }
    let Some(Component::Normal(first)) = parts.next() else {
        return false;
    };
    SYSTEM_DIRS.contains(&first.to_string_lossy().as_ref())
}

/// Whether binding `path` would cover one of the sandbox's own mounts, or bind into `/proc` or
/// the hidden host root.
fn covers_sandbox(path: &Path) -> bool {
    const OWN: [&str; 7] = ["/", "/tmp", "/box", "/dev", "/dev/shm", "/proc", "/.host"];
    OWN.iter().any(|own| Path::new(own).starts_with(path))
        || path.starts_with("/proc")
        || path.starts_with("/.host")
}

/// The assembled sandbox root, after the switch.
pub(crate) struct SandboxRoot {
    /// The host's root directory (an `O_PATH` descriptor opened before the switch).
    host: OwnedFd,
    /// Paths bound on request, with the (device, inode) they must show.
    bound: HashMap<PathBuf, (u64, u64)>,
    /// Whether `/box` is writable now.
    box_writable: bool,
    /// What was made for the current run's paths (undone after a build step).
    step: StepMounts,
}

/// Who owns the working directory inside.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Owner {
    /// uid inside the namespaces.
    pub uid: u32,
    /// gid inside the namespaces.
    pub gid: u32,
}

impl SandboxRoot {
    /// Builds the root under `dir/root` from the host's file system and switches to it.
    /// `dir` is the sandbox's canonical private directory; its `box` becomes `/box`, owned by
    /// `owner`.
    pub fn assemble(dir: &Path, owner: Owner) -> Result<SandboxRoot, String> {
        rustix::mount::mount_change(
            "/",
            MountPropagationFlags::REC | MountPropagationFlags::PRIVATE,
        )
        .map_err(|e| format!("cannot make the mounts private: {e}"))?;
        let host = rustix::fs::open(
            "/",
            OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .map_err(|e| format!("cannot open /: {e}"))?;
        let new = dir.join("root");
        let at = |p: &str| new.join(p);
        rustix::mount::mount(
            "tmpfs",
            &new,
            "tmpfs",
            MountFlags::NOSUID | MountFlags::NODEV,
            Some(c"mode=0755,size=4m"),
        )
        .map_err(context(|| {
            format!("cannot mount a tmpfs on {}", new.display())
        }))?;
        for name in SYSTEM_DIRS {
            let host_path = Path::new("/").join(name);
            let Ok(meta) = fs::symlink_metadata(&host_path) else {
                continue;
            };
            let inside = at(name);
            if let Some(parent) = inside.parent() {
                fs::create_dir_all(parent)
                    .map_err(context(|| format!("cannot create {}", parent.display())))?;
            }
            if meta.file_type().is_symlink() {
                let target = fs::read_link(&host_path)
                    .map_err(context(|| format!("cannot read {}", host_path.display())))?;
                std::os::unix::fs::symlink(&target, &inside)
                    .map_err(context(|| format!("cannot create {}", inside.display())))?;
            } else if meta.is_dir() {
                fs::create_dir(&inside)
                    .map_err(context(|| format!("cannot create {}", inside.display())))?;
                bind(
                    host.as_fd(),
                    Path::new(name),
                    &inside,
                    MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
                    true,
                )
                .map_err(context(|| {
                    format!("cannot bind {} read-only", host_path.display())
                }))?;
            }
        }
        assemble_dev(&host, &at("dev"))?;
        let proc_dir = at("proc");
        fs::create_dir(&proc_dir)
            .map_err(context(|| format!("cannot create {}", proc_dir.display())))?;
        rustix::mount::mount(
            "proc",
            &proc_dir,
            "proc",
            MountFlags::NOSUID | MountFlags::NODEV | MountFlags::NOEXEC,
            None,
        )
        .map_err(context(|| {
            "cannot mount /proc for the sandbox's PID namespace".to_string()
        }))?;
        let sys = proc_dir.join("sys");
        bind(
            CWD,
            &sys,
            &sys,
            MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC,
            true,
        )
        .map_err(context(|| "cannot make /proc/sys read-only".to_string()))?;
        let tmp = at("tmp");
        fs::create_dir(&tmp).map_err(context(|| format!("cannot create {}", tmp.display())))?;
        let tmp_options = CString::new(format!("mode=1777,size={TMP_BYTES}")).expect("no NUL");
        rustix::mount::mount(
            "tmpfs",
            &tmp,
            "tmpfs",
            MountFlags::NOSUID | MountFlags::NODEV,
            Some(tmp_options.as_c_str()),
        )
        .map_err(context(|| "cannot mount the private /tmp".to_string()))?;
        let work = at("box");
        fs::create_dir(&work).map_err(context(|| format!("cannot create {}", work.display())))?;
        let host_box = dir.join("box");
        bind(
            host.as_fd(),
            relative(&host_box),
            &work,
            MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
            false,
        )
        .map_err(context(|| format!("cannot bind {}", host_box.display())))?;
        rustix::fs::chown(&work, Some(uid(owner.uid)), Some(gid(owner.gid)))
            .map_err(context(|| "cannot hand /box to the candidate".to_string()))?;
        rustix::system::sethostname(b"stressjudge")
            .map_err(context(|| "cannot set the host name".to_string()))?;
        let old = at(".host");
        fs::create_dir(&old).map_err(context(|| format!("cannot create {}", old.display())))?;
        rustix::process::pivot_root(&new, &old).map_err(context(|| "pivot_root".to_string()))?;
        rustix::process::chdir("/").map_err(context(|| "chdir /".to_string()))?;
        // Hide the host's root under an empty, read-only tmpfs.
        rustix::mount::mount(
            "none",
            "/.host",
            "tmpfs",
            MountFlags::RDONLY | MountFlags::NOSUID | MountFlags::NODEV | MountFlags::NOEXEC,
            Some(c"mode=000,size=4k"),
        )
        .map_err(context(|| "cannot hide the host's root".to_string()))?;
        let root = SandboxRoot {
            host,
            bound: HashMap::new(),
            box_writable: true,
            step: StepMounts::default(),
        };
        root.set_root_writable(false)
            .map_err(context(|| "cannot make / read-only".to_string()))?;
        Ok(root)
    }

    fn set_root_writable(&self, writable: bool) -> io::Result<()> {
        let root = rustix::fs::open(
            "/",
            OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        if writable {
            mount_setattr(root.as_fd(), Path::new(""), 0, MOUNT_ATTR_RDONLY, false)
        } else {
            mount_setattr(root.as_fd(), Path::new(""), MOUNT_ATTR_RDONLY, 0, false)
        }
    }

    /// Makes `/box`, the working directory, writable or read-only for the next run (a
    /// problem package's submissions may not create files there; see
    /// [`super::FileIo::read_only_dir`]). The candidate has no capability to change it back.
    pub fn set_box_writable(&mut self, writable: bool) -> io::Result<()> {
        if self.box_writable == writable {
            return Ok(());
        }
        let (set, clear) = match writable {
            true => (0, MOUNT_ATTR_RDONLY),
            false => (MOUNT_ATTR_RDONLY, 0),
        };
        mount_setattr(CWD, Path::new(super::wire::BOX_INSIDE), set, clear, false)?;
        self.box_writable = writable;
        Ok(())
    }

    /// The host's root directory, for opening the harness's files (stdin, stdout, stderr).
    pub fn host(&self) -> BorrowedFd<'_> {
        self.host.as_fd()
    }

    /// Makes each (as given, canonical) host path visible read-only at the same place, unless
    /// it already is. A path that does not exist on the host is skipped (the run then fails as
    /// it would outside), and so is one that would cover the sandbox's own mounts (`/`,
    /// `/tmp`, `/box`, `/dev`, `/proc` or an ancestor) or lies in `/proc`.
    pub fn ensure_readonly(&mut self, paths: &[(PathBuf, PathBuf)]) -> Result<(), String> {
        let mut todo = Vec::new();
        for (given, canonical) in paths {
            if !in_system_dir(canonical) && !covers_sandbox(canonical) {
                let Ok(host) =
                    rustix::fs::statat(self.host.as_fd(), relative(canonical), AtFlags::empty())
                else {
                    continue;
                };
                let wanted = (host.st_dev, host.st_ino);
                let visible = fs::metadata(canonical).is_ok_and(|m| (m.dev(), m.ino()) == wanted);
                if !visible {
                    let is_dir = (host.st_mode & libc::S_IFMT) == libc::S_IFDIR;
                    todo.push((canonical.clone(), wanted, is_dir, None));
                }
            }
            if given != canonical && !in_system_dir(given) && fs::symlink_metadata(given).is_err() {
                todo.push((given.clone(), (0, 0), false, Some(canonical.clone())));
            }
        }
        if todo.is_empty() {
            return Ok(());
        }
        self.set_root_writable(true)
            .map_err(context(|| "cannot make / writable".to_string()))?;
        let mut result = Ok(());
        for (path, wanted, is_dir, link_to) in todo {
            let done = match link_to {
                Some(target) => self.make_symlink(&path, &target),
                None => self.bind_readonly(&path, is_dir).map(|()| {
                    self.bound.insert(path.clone(), wanted);
                }),
            };
            if let Err(e) = done {
                result = Err(format!(
                    "cannot make {} visible in the sandbox: {e}",
                    path.display()
                ));
                break;
            }
        }
        let restored = self.set_root_writable(false);
        result?;
        restored.map_err(context(|| "cannot make / read-only again".to_string()))
    }

    /// Makes each (as given, canonical) host folder of a build step visible read-write at the
    /// same place (over anything bound there before, so a read-only folder holding it does not
    /// hide its writes). A folder in a system directory or over the sandbox's own mounts is
    /// refused: a build writes only its own folder.
    pub fn bind_writable(&mut self, folders: &[(PathBuf, PathBuf)]) -> Result<(), String> {
        for (_, canonical) in folders {
            if in_system_dir(canonical) || covers_sandbox(canonical) {
                return Err(format!(
                    "the build folder {} would cover the system's or the sandbox's own files",
                    canonical.display()
                ));
            }
        }
        self.set_root_writable(true)
            .map_err(context(|| "cannot make / writable".to_string()))?;
        let mut result = Ok(());
        for (given, canonical) in folders {
            let done = self
                .step
                .make_dirs(canonical)
                .and_then(|()| {
                    bind(
                        self.host.as_fd(),
                        relative(canonical),
                        canonical,
                        MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
                        true,
                    )
                })
                .map(|()| self.step.mounted(canonical))
                .and_then(|()| match given != canonical && !in_system_dir(given) {
                    true => self.make_symlink(given, canonical),
                    false => Ok(()),
                });
            if let Err(e) = done {
                result = Err(format!(
                    "cannot make the build folder {} writable in the sandbox: {e}",
                    canonical.display()
                ));
                break;
            }
        }
        let restored = self.set_root_writable(false);
        result?;
        restored.map_err(context(|| "cannot make / read-only again".to_string()))
    }

    fn bind_readonly(&mut self, path: &Path, is_dir: bool) -> io::Result<()> {
        if is_dir {
            self.step.make_dirs(path)?;
        } else if fs::symlink_metadata(path).is_err() {
            if let Some(parent) = path.parent() {
                self.step.make_dirs(parent)?;
            }
            fs::File::create(path)?;
            self.step.created(path);
        }
        bind(
            self.host.as_fd(),
            relative(path),
            path,
            MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
            is_dir,
        )?;
        self.step.mounted(path);
        Ok(())
    }

    fn make_symlink(&mut self, path: &Path, target: &Path) -> io::Result<()> {
        if let Some(parent) = path.parent() {
            self.step.make_dirs(parent)?;
        }
        match std::os::unix::fs::symlink(target, path) {
            Ok(()) => {
                self.step.created(path);
                Ok(())
            }
            Err(e) if e.kind() != io::ErrorKind::AlreadyExists => Err(e),
            Err(_) => Ok(()),
        }
    }

    /// Takes away everything bound and made for the last run's paths (a build step's
    /// folders, its compiler's installation), so that a reused build sandbox shows the next
    /// step only what that step lists ([`super::step_mounts`]). An error means some of it may
    /// remain: the sandbox must then serve no other step.
    pub fn undo_step(&mut self) -> Result<(), String> {
        if self.step.is_empty() {
            return Ok(());
        }
        self.set_root_writable(true)
            .map_err(context(|| "cannot make / writable".to_string()))?;
        let undone = self.step.undo();
        // A path bound again later must be bound again: it is no longer visible.
        self.bound.clear();
        let restored = self.set_root_writable(false);
        undone.map_err(|e| e.to_string())?;
        restored.map_err(context(|| "cannot make / read-only again".to_string()))
    }

    /// Keeps what was bound for the last run (a candidate's program stays bound for its next
    /// run) and forgets the record of it.
    pub fn keep_step(&mut self) {
        self.step.keep();
    }
}

fn uid(raw: u32) -> rustix::fs::Uid {
    rustix::fs::Uid::from_raw(raw)
}

fn gid(raw: u32) -> rustix::fs::Gid {
    rustix::fs::Gid::from_raw(raw)
}

/// A read-only `/dev` with the harmless devices bound from the host.
fn assemble_dev(host: &OwnedFd, dev: &Path) -> Result<(), String> {
    fs::create_dir(dev).map_err(context(|| format!("cannot create {}", dev.display())))?;
    rustix::mount::mount(
        "tmpfs",
        dev,
        "tmpfs",
        MountFlags::NOSUID | MountFlags::NOEXEC,
        Some(c"mode=0755,size=64k"),
    )
    .map_err(context(|| "cannot mount the sandbox's /dev".to_string()))?;
    for name in DEVICES {
        let inside = dev.join(name);
        fs::File::create(&inside)
            .map_err(context(|| format!("cannot create {}", inside.display())))?;
        bind(
            host.as_fd(),
            &Path::new("dev").join(name),
            &inside,
            MOUNT_ATTR_NOSUID | MOUNT_ATTR_NOEXEC,
            false,
        )
        .map_err(context(|| format!("cannot bind /dev/{name}")))?;
    }
    for (name, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
        ("shm", "/tmp"),
    ] {
        std::os::unix::fs::symlink(target, dev.join(name))
            .map_err(context(|| format!("cannot create /dev/{name}")))?;
    }
    mount_setattr(CWD, dev, MOUNT_ATTR_RDONLY, 0, false)
        .map_err(context(|| "cannot make /dev read-only".to_string()))
}

/// Empties the private `/tmp` after a run. Mount points (paths bound on request) and
/// everything on another device are left alone, so nothing outside the tmpfs is touched.
pub(crate) fn empty_tmp() {
    let Ok(tmp) = fs::metadata("/tmp") else {
        return;
    };
    empty_same_device(Path::new("/tmp"), tmp.dev());
}

fn empty_same_device(dir: &Path, device: u64) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.dev() != device {
            continue;
        }
        if meta.is_dir() {
            // The candidate may have taken away our permissions; as the namespace's root we
            // may give them back. A directory that stays (it holds a path bound for the
            // program) is left traversable by everyone, as it was made.
            let _ = fs::set_permissions(&path, fs::Permissions::from_mode(0o700));
            empty_same_device(&path, device);
            if fs::remove_dir(&path).is_err() {
                let _ = fs::set_permissions(&path, fs::Permissions::from_mode(0o755));
            }
        } else {
            let _ = fs::remove_file(&path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_dirs_are_recognised_by_whole_components() {
        assert!(in_system_dir(Path::new("/usr/bin/python3")));
        assert!(in_system_dir(Path::new("/etc")));
        assert!(in_system_dir(Path::new("/lib64/ld-linux-x86-64.so.2")));
        assert!(!in_system_dir(Path::new("/usrlocal/bin")));
        assert!(!in_system_dir(Path::new("/root/.cache/x")));
        assert!(!in_system_dir(Path::new("/opt/pypy/bin/pypy3")));
        assert!(!in_system_dir(Path::new("usr/bin")));
    }

    #[test]
    fn the_sandboxs_own_mounts_are_never_covered() {
        for covering in [
            "/", "/tmp", "/dev", "/dev/shm", "/box", "/proc/1", "/.host/x",
        ] {
            assert!(covers_sandbox(Path::new(covering)), "{covering}");
        }
        for fine in ["/tmp/x/prog", "/dev/shm/sj/prog", "/root/.cache", "/work"] {
            assert!(!covers_sandbox(Path::new(fine)), "{fine}");
        }
    }
}
