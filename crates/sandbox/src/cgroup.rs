//! The cgroup of a fully isolated sandbox: found once ([`detect`]), created per launcher
//! ([`Site::create`]), read on every sampling tick ([`SandboxCgroup`]), removed when the
//! launcher ends.
//!
//! Layout: a directory `stressjudge-PID` (PID of the outer launcher) next to or below the
//! harness's own cgroup, holding the inner launcher and every process of its runs.
//!
//! - cgroup v2 (the unified hierarchy): the deepest ancestor-or-self `D` of the harness's
//!   cgroup that this user may write, that offers `memory` and `pids`, and that can enable them
//!   for its children (it has them in `cgroup.subtree_control` already, or holds no processes,
//!   or is the root). As root that is typically the slice above the session; as an ordinary
//!   user, a subtree systemd delegated (e.g. `systemd-run --user --scope -p Delegate=yes`).
//! - cgroup v1: the harness's own cgroup in the `memory`, `pids` and (optional) `cpuacct`
//!   hierarchies, when writable (as root).
//!
//! Files are opened once and re-read with `pread`; the launcher keeps the descriptors, so the
//! inner launcher can use them after it has changed its root (`/sys/fs/cgroup` is not visible
//! in the sandbox). This is why the `cgroups-rs` crate is not used: it addresses every file by
//! its absolute path and reopens it on each read.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::isolation::CgroupInfo;

/// Prefix of every sandbox cgroup's name; the suffix is the outer launcher's pid.
pub(crate) const NAME_PREFIX: &str = "stressjudge-";

/// A cgroup version and where sandbox cgroups would be created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Site {
    /// 1 or 2.
    pub version: u8,
    /// Parent directories: one per v1 hierarchy (with its controller), or one for v2.
    pub parents: Vec<(&'static str, PathBuf)>,
    /// Controllers used.
    pub controllers: Vec<&'static str>,
    /// Whether the site lies in a subtree delegated to an ordinary user.
    pub delegated: bool,
    /// v2: `+memory +pids` must still be written to the parent's `cgroup.subtree_control`.
    pub enable_subtree: bool,
}

/// One mounted cgroup hierarchy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Mount {
    /// Where it is mounted.
    pub point: PathBuf,
    /// Its root inside the hierarchy (not `/` inside a cgroup namespace).
    pub root: String,
    /// 1 or 2.
    pub version: u8,
    /// v1: the controllers of this hierarchy; v2: empty.
    pub controllers: Vec<String>,
}

/// The cgroup hierarchies mounted here, from `/proc/self/mountinfo`.
pub(crate) fn mounts() -> Vec<Mount> {
    fs::read_to_string("/proc/self/mountinfo")
        .map(|text| parse_mountinfo(&text))
        .unwrap_or_default()
}

/// Mount entries of type `cgroup` and `cgroup2` in a `mountinfo` text.
pub(crate) fn parse_mountinfo(text: &str) -> Vec<Mount> {
    let mut found = Vec::new();
    for line in text.lines() {
        let Some((left, right)) = line.split_once(" - ") else {
            continue;
        };
        let left: Vec<&str> = left.split(' ').collect();
        let right: Vec<&str> = right.split(' ').collect();
        if left.len() < 5 || right.len() < 3 {
            continue;
        }
        let version = match right[0] {
            "cgroup2" => 2,
            "cgroup" => 1,
            _ => continue,
        };
        let controllers = if version == 1 {
            right[2]
                .split(',')
                .filter(|o| {
                    !matches!(*o, "rw" | "ro") && (!o.contains('=') || o.starts_with("name="))
                })
                .map(str::to_string)
                .collect()
        } else {
            Vec::new()
        };
        found.push(Mount {
            point: PathBuf::from(unescape(left[4])),
            root: unescape(left[3]),
            version,
            controllers,
        });
    }
    found
}

/// Undoes mountinfo's octal escapes (`\040` for a space).
fn unescape(field: &str) -> String {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' && i + 4 <= bytes.len() {
            let digits = std::str::from_utf8(&bytes[i + 1..i + 4]).ok();
            if let Some(value) = digits.and_then(|d| u8::from_str_radix(d, 8).ok()) {
                out.push(value);
                i += 4;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// This process's cgroup paths, from `/proc/self/cgroup`: (controllers, path) per line; the
/// v2 line has no controllers.
pub(crate) fn own_cgroups() -> Vec<(Vec<String>, String)> {
    fs::read_to_string("/proc/self/cgroup")
        .map(|text| parse_proc_cgroup(&text))
        .unwrap_or_default()
}

/// The (controllers, path) pairs of a `/proc/PID/cgroup` text.
pub(crate) fn parse_proc_cgroup(text: &str) -> Vec<(Vec<String>, String)> {
    text.lines()
        .filter_map(|line| {
            let mut parts = line.splitn(3, ':');
            let _id = parts.next()?;
            let controllers = parts.next()?;
            let path = parts.next()?;
            let controllers = controllers
                .split(',')
                .filter(|c| !c.is_empty())
                .map(str::to_string)
                .collect();
            Some((controllers, path.to_string()))
        })
        .collect()
}

/// The directory of cgroup `path` (as `/proc/self/cgroup` names it) under mount `m`.
fn dir_of(m: &Mount, path: &str) -> PathBuf {
    let relative = path.strip_prefix(m.root.as_str()).unwrap_or(path);
    let relative = relative.trim_start_matches('/');
    if relative.is_empty() {
        m.point.clone()
    } else {
        m.point.join(relative)
    }
}

fn writable(path: &Path) -> bool {
    rustix::fs::access(path, rustix::fs::Access::WRITE_OK).is_ok()
}

fn words(path: &Path) -> Vec<String> {
    fs::read_to_string(path)
        .map(|t| t.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

/// Where this process could create sandbox cgroups, or why it cannot.
pub(crate) fn detect() -> Result<Site, String> {
    if std::env::var_os(super::isolation::DISABLE_CGROUPS_ENV).is_some_and(|v| v == "1") {
        return Err(format!(
            "cgroups disabled by {}=1",
            super::isolation::DISABLE_CGROUPS_ENV
        ));
    }
    let mounts = mounts();
    let own = own_cgroups();
    let v2 = detect_v2(&mounts, &own);
    if let Ok(site) = v2 {
        return Ok(site);
    }
    let v1 = detect_v1(&mounts, &own);
    match (v2, v1) {
        (_, Ok(site)) => Ok(site),
        (Err(why2), Err(why1)) => Err(format!("{why2}; {why1}")),
        (Ok(_), _) => unreachable!("returned above"),
    }
}

fn detect_v2(mounts: &[Mount], own: &[(Vec<String>, String)]) -> Result<Site, String> {
    let Some(mount) = mounts.iter().find(|m| m.version == 2) else {
        return Err("no cgroup v2 hierarchy is mounted".into());
    };
    let Some((_, path)) = own.iter().find(|(c, _)| c.is_empty()) else {
        return Err("this process has no cgroup v2 path".into());
    };
    let start = dir_of(mount, path);
    let mut dir = start.as_path();
    let mut last_reason = None;
    loop {
        let available = words(&dir.join("cgroup.controllers"));
        let enabled = words(&dir.join("cgroup.subtree_control"));
        let has = |list: &[String], c: &str| list.iter().any(|w| w == c);
        let is_root = dir == mount.point;
        if !has(&available, "memory") || !has(&available, "pids") {
            last_reason = Some(format!(
                "cgroup v2 at {} offers [{}], not memory and pids",
                mount.point.display(),
                words(&mount.point.join("cgroup.controllers")).join(" ")
            ));
            // Controllers are never available below a cgroup that lacks them.
            break;
        }
        let may_write = writable(dir)
            && writable(&dir.join("cgroup.procs"))
            && writable(&dir.join("cgroup.subtree_control"));
        let enabled_already = has(&enabled, "memory") && has(&enabled, "pids");
        let empty = fs::read_to_string(dir.join("cgroup.procs")).is_ok_and(|t| t.trim().is_empty());
        if may_write && (enabled_already || empty || is_root) {
            return Ok(Site {
                version: 2,
                parents: vec![("", dir.to_path_buf())],
                controllers: vec!["memory", "pids"],
                // SAFETY: geteuid has no preconditions.
                delegated: unsafe { libc::geteuid() } != 0,
                enable_subtree: !enabled_already,
            });
        }
        if !may_write && last_reason.is_none() {
            last_reason = Some(format!(
                "the cgroup v2 subtree {} is not writable (not delegated to this user)",
                start.display()
            ));
        }
        match dir.parent() {
            Some(parent) if dir != mount.point && parent.starts_with(&mount.point) => dir = parent,
            _ => break,
        }
    }
    Err(last_reason.unwrap_or_else(|| {
        format!(
            "no writable cgroup v2 ancestor of {} can enable memory and pids",
            start.display()
        )
    }))
}

fn detect_v1(mounts: &[Mount], own: &[(Vec<String>, String)]) -> Result<Site, String> {
    let mut parents = Vec::new();
    let mut controllers = Vec::new();
    for controller in ["memory", "pids", "cpuacct"] {
        let mount = mounts
            .iter()
            .find(|m| m.version == 1 && m.controllers.iter().any(|c| c == controller));
        let path = own
            .iter()
            .find(|(c, _)| c.iter().any(|c| c == controller))
            .map(|(_, p)| p.as_str());
        let dir = match (mount, path) {
            (Some(m), Some(p)) => dir_of(m, p),
            _ if controller == "cpuacct" => continue,
            _ => return Err(format!("no cgroup v1 {controller} hierarchy is mounted")),
        };
        if !writable(&dir) {
            if controller == "cpuacct" {
                continue;
            }
            return Err(format!(
                "the cgroup v1 {controller} cgroup {} is not writable (needs root)",
                dir.display()
            ));
        }
        parents.push((controller, dir));
        controllers.push(controller);
    }
    Ok(Site {
        version: 1,
        parents,
        controllers,
        // SAFETY: geteuid has no preconditions.
        delegated: unsafe { libc::geteuid() } != 0,
        enable_subtree: false,
    })
}

/// A sandbox's own cgroup with its files open.
pub(crate) struct SandboxCgroup {
    version: u8,
    dirs: Vec<PathBuf>,
    procs: Vec<File>,
    memory_limit: File,
    memsw_limit: Option<File>,
    usage: File,
    stat: File,
    events: File,
    cpu: Option<File>,
    info: CgroupInfo,
    /// The memory limit last written, so an unchanged limit costs nothing per run.
    limit_written: Option<u64>,
    /// The OOM-kill count at the end of the previous run.
    oom_kills_seen: u64,
    buf: Vec<u8>,
}

fn cg_error(what: &str, path: &Path, e: io::Error) -> String {
    format!("cannot {what} {}: {e}", path.display())
}

fn open_rw(path: &Path) -> Result<File, String> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .map_err(|e| cg_error("open", path, e))
}

fn open_ro(path: &Path) -> Result<File, String> {
    File::open(path).map_err(|e| cg_error("open", path, e))
}

fn write_file(path: &Path, value: &str) -> Result<(), String> {
    fs::write(path, value).map_err(|e| cg_error(&format!("write `{value}` to"), path, e))
}

impl Site {
    /// Removes sandbox cgroups left by launchers that no longer exist (killed before they
    /// could clean up). Only empty ones can go; others are skipped.
    pub fn sweep_stale(&self) {
        for (_, parent) in &self.parents {
            let Ok(entries) = fs::read_dir(parent) else {
                continue;
            };
            for entry in entries.flatten() {
                let name = entry.file_name();
                let Some(pid) = name
                    .to_str()
                    .and_then(|n| n.strip_prefix(NAME_PREFIX))
                    .and_then(|p| p.parse::<u32>().ok())
                else {
                    continue;
                };
                if !Path::new(&format!("/proc/{pid}")).exists() {
                    let _ = fs::remove_dir(entry.path());
                }
            }
        }
    }

    /// Creates and configures the cgroup `stressjudge-ID` with at most `process_limit`
    /// processes (plus one for the inner launcher, which lives in it).
    pub fn create(&self, id: u32, process_limit: u32) -> Result<SandboxCgroup, String> {
        self.sweep_stale();
        let name = format!("{NAME_PREFIX}{id}");
        let mut dirs = Vec::new();
        let made = (|| {
            for (_, parent) in &self.parents {
                if self.enable_subtree {
                    write_file(&parent.join("cgroup.subtree_control"), "+memory +pids")?;
                }
                let dir = parent.join(&name);
                if dir.exists() {
                    // Left by an earlier launcher with the same pid.
                    let _ = fs::remove_dir(&dir);
                }
                fs::create_dir(&dir).map_err(|e| cg_error("create", &dir, e))?;
                dirs.push(dir);
            }
            self.open(dirs.clone(), process_limit)
        })();
        if made.is_err() {
            remove_dirs(&dirs, Duration::from_millis(200));
        }
        made
    }

    fn dir(&self, controller: &str) -> &Path {
        let found = self
            .parents
            .iter()
            .position(|(c, _)| self.version == 2 || *c == controller)
            .expect("memory and pids are always present");
        &self.parents[found].1
    }

    fn open(&self, dirs: Vec<PathBuf>, process_limit: u32) -> Result<SandboxCgroup, String> {
        let name = dirs[0].file_name().expect("a named directory").to_owned();
        let mem = self.dir("memory").join(&name);
        let pids = self.dir("pids").join(&name);
        let pids_max = (process_limit + 1).to_string();
        write_file(&pids.join("pids.max"), &pids_max)?;
        let cpu_dir = if self.version == 2 {
            Some(mem.clone())
        } else {
            self.controllers
                .contains(&"cpuacct")
                .then(|| self.dir("cpuacct").join(&name))
        };
        let (limit, memsw, usage, events, cpu) = if self.version == 2 {
            // No swapping: the tree's memory stays measurable as resident memory.
            let _ = fs::write(mem.join("memory.swap.max"), "0");
            (
                open_rw(&mem.join("memory.max"))?,
                None,
                open_ro(&mem.join("memory.current"))?,
                open_ro(&mem.join("memory.events"))?,
                cpu_dir.map(|d| open_ro(&d.join("cpu.stat"))).transpose()?,
            )
        } else {
            let _ = fs::write(mem.join("memory.swappiness"), "0");
            let memsw = mem.join("memory.memsw.limit_in_bytes");
            (
                open_rw(&mem.join("memory.limit_in_bytes"))?,
                memsw.exists().then(|| open_rw(&memsw)).transpose()?,
                open_ro(&mem.join("memory.usage_in_bytes"))?,
                open_ro(&mem.join("memory.oom_control"))?,
                cpu_dir
                    .map(|d| open_ro(&d.join("cpuacct.usage")))
                    .transpose()?,
            )
        };
        let procs = dirs
            .iter()
            .map(|d| open_rw(&d.join("cgroup.procs")))
            .collect::<Result<Vec<_>, _>>()?;
        let mut cgroup = SandboxCgroup {
            version: self.version,
            info: CgroupInfo {
                version: self.version,
                controllers: self.controllers.iter().map(|c| c.to_string()).collect(),
                paths: dirs.iter().map(|d| d.display().to_string()).collect(),
                delegated: self.delegated,
            },
            dirs,
            procs,
            memory_limit: limit,
            memsw_limit: memsw,
            usage,
            stat: open_ro(&mem.join("memory.stat"))?,
            events,
            cpu,
            limit_written: None,
            oom_kills_seen: 0,
            buf: vec![0; 8192],
        };
        cgroup.oom_kills_seen = cgroup.oom_kills().unwrap_or(0);
        Ok(cgroup)
    }
}

/// Removes cgroup directories, retrying while their last processes finish exiting.
pub(crate) fn remove_dirs(dirs: &[PathBuf], patience: Duration) {
    let deadline = Instant::now() + patience;
    for dir in dirs {
        loop {
            match fs::remove_dir(dir) {
                Ok(()) => break,
                Err(e) if e.kind() == io::ErrorKind::NotFound => break,
                Err(_) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(2)),
                Err(_) => break,
            }
        }
    }
}

/// The value of `key` in a `key value` per line text (`memory.stat`, `memory.events`, ...).
pub(crate) fn keyed(text: &[u8], key: &str) -> Option<u64> {
    let text = std::str::from_utf8(text).ok()?;
    text.lines().find_map(|line| {
        let (k, v) = line.split_once(' ')?;
        (k == key).then(|| v.trim().parse().ok()).flatten()
    })
}

impl SandboxCgroup {
    /// What reports say about this cgroup.
    pub fn info(&self) -> &CgroupInfo {
        &self.info
    }

    /// The directories, for removal.
    pub fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }

    /// Moves process `pid` (and its threads) into the cgroup, in every hierarchy.
    pub fn attach(&self, pid: i32) -> Result<(), String> {
        for (file, dir) in self.procs.iter().zip(&self.dirs) {
            file.write_at(pid.to_string().as_bytes(), 0)
                .map_err(|e| cg_error(&format!("move process {pid} into"), dir, e))?;
        }
        Ok(())
    }

    /// Sets the hard memory limit of the whole cgroup (no swap beyond it).
    pub fn set_memory_limit(&mut self, bytes: u64) -> io::Result<()> {
        if self.limit_written == Some(bytes) {
            return Ok(());
        }
        let value = bytes.to_string();
        // The first limit lowers both from unlimited.
        let raising = self.limit_written.is_some_and(|old| bytes > old);
        // v1 requires memsw >= memory at every moment.
        if raising {
            if let Some(memsw) = &self.memsw_limit {
                memsw.write_at(value.as_bytes(), 0)?;
            }
        }
        self.memory_limit.write_at(value.as_bytes(), 0)?;
        if !raising {
            if let Some(memsw) = &self.memsw_limit {
                memsw.write_at(value.as_bytes(), 0)?;
            }
        }
        self.limit_written = Some(bytes);
        Ok(())
    }

    fn read(&mut self, which: Which) -> Option<usize> {
        let file = match which {
            Which::Usage => &self.usage,
            Which::Stat => &self.stat,
            Which::Events => &self.events,
            Which::Cpu => self.cpu.as_ref()?,
        };
        file.read_at(&mut self.buf, 0).ok()
    }

    /// Memory the cgroup's processes cannot give back: everything charged to it except the
    /// page cache of regular files (binaries, libraries, files read), which the kernel reclaims
    /// under pressure. Anonymous memory, tmpfs and shared memory, and kernel memory count.
    pub fn unreclaimable_bytes(&mut self) -> Option<u64> {
        let n = self.read(Which::Usage)?;
        let usage: u64 = std::str::from_utf8(&self.buf[..n])
            .ok()?
            .trim()
            .parse()
            .ok()?;
        let n = self.read(Which::Stat)?;
        let file_key = if self.version == 2 { "file" } else { "cache" };
        let file = keyed(&self.buf[..n], file_key).unwrap_or(0);
        let shmem = keyed(&self.buf[..n], "shmem").unwrap_or(0);
        Some(usage.saturating_sub(file.saturating_sub(shmem)))
    }

    /// How many processes the kernel's OOM killer has killed in this cgroup so far.
    pub fn oom_kills(&mut self) -> Option<u64> {
        let n = self.read(Which::Events)?;
        keyed(&self.buf[..n], "oom_kill")
    }

    /// Whether the OOM killer struck since the last call.
    pub fn oom_killed_since_last(&mut self) -> bool {
        let now = self.oom_kills().unwrap_or(self.oom_kills_seen);
        let struck = now > self.oom_kills_seen;
        self.oom_kills_seen = now;
        struck
    }

    /// CPU time (user + sys) used by every process that ran in the cgroup, if accounted.
    pub fn cpu(&mut self) -> Option<Duration> {
        let n = self.read(Which::Cpu)?;
        if self.version == 2 {
            keyed(&self.buf[..n], "usage_usec").map(Duration::from_micros)
        } else {
            let ns = std::str::from_utf8(&self.buf[..n])
                .ok()?
                .trim()
                .parse()
                .ok()?;
            Some(Duration::from_nanos(ns))
        }
    }
}

#[derive(Clone, Copy)]
enum Which {
    Usage,
    Stat,
    Events,
    Cpu,
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOUNTINFO: &str = "\
31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
41 31 0:38 / /sys/fs/cgroup/un\\040ified rw,relatime - cgroup2 cgroup2 rw
";

    #[test]
    fn mountinfo_gives_hierarchies_and_their_controllers() {
        let mounts = parse_mountinfo(MOUNTINFO);
        assert_eq!(mounts.len(), 4);
        assert_eq!(mounts[0].controllers, vec!["cpuacct"]);
        assert_eq!(mounts[1].point, PathBuf::from("/sys/fs/cgroup/memory"));
        assert_eq!(mounts[3].version, 2);
        assert_eq!(mounts[3].point, PathBuf::from("/sys/fs/cgroup/un ified"));
    }

    #[test]
    fn proc_cgroup_lines_split_into_controllers_and_path() {
        let own = parse_proc_cgroup("4:memory:/a/b\n2:cpu,cpuacct:/\n0::/user.slice\n");
        assert_eq!(own[0], (vec!["memory".to_string()], "/a/b".to_string()));
        assert_eq!(own[1].0, vec!["cpu".to_string(), "cpuacct".to_string()]);
        assert_eq!(own[2], (vec![], "/user.slice".to_string()));
        let m = &parse_mountinfo(MOUNTINFO)[1];
        assert_eq!(
            dir_of(m, "/a/b"),
            PathBuf::from("/sys/fs/cgroup/memory/a/b")
        );
    }

    #[test]
    fn keyed_values_are_found_by_exact_key() {
        let text = b"cache 4096\nrss 8192\nshmem 0\ntotal_cache 1\noom_kill 3\n";
        assert_eq!(keyed(text, "cache"), Some(4096));
        assert_eq!(keyed(text, "oom_kill"), Some(3));
        assert_eq!(keyed(text, "swap"), None);
    }
}
