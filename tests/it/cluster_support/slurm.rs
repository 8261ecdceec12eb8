//! A single-node SLURM cluster in a temporary folder, for the cluster tests: its own munge key
//! and socket, its own slurm.conf (this machine's CPUs and memory, localhost, free ports,
//! proctrack/pgid, task/none, no accounting), munged, slurmctld and slurmd in the foreground
//! (-F, -D) as children of the test, stopped when the value is dropped (jobs cancelled first),
//! every wait bounded.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The daemons SLURM needs, as children of this test.
pub struct Cluster {
    dir: tempfile::TempDir,
    children: Vec<(&'static str, Child)>,
}

impl Cluster {
    /// Starts munged, slurmctld and slurmd and waits (at most 60 s) until the node is idle.
    pub fn start() -> Result<Cluster, String> {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let root = dir.path().to_path_buf();
        let mut cluster = Cluster {
            dir,
            children: Vec::new(),
        };
        let munge = root.join("munge");
        std::fs::create_dir(&munge).map_err(|e| e.to_string())?;
        set_mode(&munge, 0o711)?;
        let mut key = vec![0u8; 1024];
        std::io::Read::read_exact(
            &mut std::fs::File::open("/dev/urandom").map_err(|e| e.to_string())?,
            &mut key,
        )
        .map_err(|e| e.to_string())?;
        std::fs::write(munge.join("key"), key).map_err(|e| e.to_string())?;
        set_mode(&munge.join("key"), 0o400)?;
        let socket = munge.join("socket");
        cluster.spawn(
            "munged",
            Command::new("munged")
                .arg("--foreground")
                .arg("--force")
                .arg(format!("--key-file={}", munge.join("key").display()))
                .arg(format!("--socket={}", socket.display()))
                .arg(format!("--pid-file={}", munge.join("pid").display()))
                .arg(format!("--log-file={}", munge.join("log").display()))
                .arg(format!("--seed-file={}", munge.join("seed").display())),
        )?;
        wait_for("munged's socket", Duration::from_secs(20), || {
            socket.exists()
        })?;
        let conf = root.join("slurm.conf");
        std::fs::write(&conf, slurm_conf(&root, &socket)?).map_err(|e| e.to_string())?;
        std::fs::write(root.join("plugstack.conf"), "").map_err(|e| e.to_string())?;
        for sub in ["state", "spool"] {
            std::fs::create_dir(root.join(sub)).map_err(|e| e.to_string())?;
        }
        cluster.spawn(
            "slurmctld",
            Command::new("slurmctld")
                .args(["-D", "-i", "-f"])
                .arg(&conf),
        )?;
        cluster.spawn(
            "slurmd",
            Command::new("slurmd")
                .args(["-D", "-N", "localhost", "-f"])
                .arg(&conf),
        )?;
        let idle = || {
            cluster
                .command("sinfo")
                .args(["-h", "-o", "%t"])
                .output()
                .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "idle")
        };
        wait_for("the SLURM node to be idle", Duration::from_secs(60), idle)
            .map_err(|e| format!("{e}; slurmctld log: {}", tail(&root.join("slurmctld.log"))))?;
        Ok(cluster)
    }

    /// A SLURM client command (`sbatch`, `squeue`, ...) pointed at this cluster.
    pub fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command.env("SLURM_CONF", self.dir.path().join("slurm.conf"));
        command
    }

    /// Submits `script` as a job array of tasks 1..=`tasks` run in `work`, each on one CPU,
    /// and waits (at most `limit`) until every task has ended.
    pub fn run_array(
        &self,
        work: &Path,
        tasks: u64,
        script: &str,
        limit: Duration,
    ) -> Result<(), String> {
        let out = self
            .command("sbatch")
            .arg("--parsable")
            .arg(format!("--array=1-{tasks}"))
            .arg("--cpus-per-task=1")
            .arg(format!("--chdir={}", work.display()))
            .arg(format!("--output={}/slurm-%A_%a.out", work.display()))
            .arg("--wrap")
            .arg(script)
            .output()
            .map_err(|e| format!("sbatch: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "sbatch failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let job = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let done = || {
            self.command("squeue")
                .args(["-h", "-j", &job])
                .output()
                .is_ok_and(|o| o.status.success() && o.stdout.is_empty())
        };
        wait_for(&format!("job array {job}"), limit, done)
    }

    fn spawn(&mut self, name: &'static str, command: &mut Command) -> Result<(), String> {
        let log = std::fs::File::create(self.dir.path().join(format!("{name}.out")))
            .map_err(|e| e.to_string())?;
        let child = command
            .stdin(Stdio::null())
            .stdout(log.try_clone().map_err(|e| e.to_string())?)
            .stderr(log)
            .spawn()
            .map_err(|e| format!("cannot start {name}: {e}"))?;
        self.children.push((name, child));
        Ok(())
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // Jobs first (their slurmstepd would outlive slurmd), then the daemons, newest first.
        if self.children.len() == 3 {
            let _ = self.command("scancel").args(["--user", "root"]).status();
            let empty = || {
                self.command("squeue")
                    .arg("-h")
                    .output()
                    .is_ok_and(|o| o.stdout.is_empty())
            };
            let _ = wait_for("cancelled jobs", Duration::from_secs(20), empty);
        }
        while let Some((_, mut child)) = self.children.pop() {
            if let Some(pid) = rustix::process::Pid::from_raw(child.id() as i32) {
                let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
            }
            let deadline = Instant::now() + Duration::from_secs(10);
            while Instant::now() < deadline && matches!(child.try_wait(), Ok(None)) {
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// slurm.conf for one node, localhost, with this machine's CPUs and memory (`slurmd -C`).
fn slurm_conf(root: &Path, munge_socket: &Path) -> Result<String, String> {
    let found = Command::new("slurmd")
        .arg("-C")
        .output()
        .map_err(|e| format!("slurmd -C: {e}"))?;
    let found = String::from_utf8_lossy(&found.stdout).to_string();
    let value = |key: &str| -> Result<u64, String> {
        (found.split_whitespace())
            .find_map(|w| w.strip_prefix(key)?.strip_prefix('=')?.parse().ok())
            .ok_or_else(|| format!("slurmd -C gave no {key}: {found}"))
    };
    let (cpus, memory) = (value("CPUs")?, value("RealMemory")?);
    let r = |name: &str| -> PathBuf { root.join(name) };
    Ok(format!(
        "ClusterName=stressjudge\n\
         SlurmctldHost=localhost\n\
         SlurmctldPort={}\n\
         SlurmdPort={}\n\
         SlurmUser=root\n\
         SlurmdUser=root\n\
         AuthType=auth/munge\n\
         CredType=cred/munge\n\
         AuthInfo=socket={}\n\
         StateSaveLocation={}\n\
         SlurmdSpoolDir={}\n\
         SlurmctldPidFile={}\n\
         SlurmdPidFile={}\n\
         SlurmctldLogFile={}\n\
         SlurmdLogFile={}\n\
         PlugStackConfig={}\n\
         ProctrackType=proctrack/pgid\n\
         TaskPlugin=task/none\n\
         JobAcctGatherType=jobacct_gather/none\n\
         AccountingStorageType=accounting_storage/none\n\
         JobCompType=jobcomp/none\n\
         SelectType=select/cons_tres\n\
         SelectTypeParameters=CR_CPU\n\
         SchedulerType=sched/backfill\n\
         MpiDefault=none\n\
         ReturnToService=2\n\
         NodeName=localhost NodeAddr=127.0.0.1 CPUs={cpus} RealMemory={memory} State=UNKNOWN\n\
         PartitionName=all Nodes=localhost Default=YES MaxTime=INFINITE State=UP\n",
        free_port()?,
        free_port()?,
        munge_socket.display(),
        r("state").display(),
        r("spool").display(),
        r("slurmctld.pid").display(),
        r("slurmd.pid").display(),
        r("slurmctld.log").display(),
        r("slurmd.log").display(),
        r("plugstack.conf").display(),
    ))
}

fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(listener.local_addr().map_err(|e| e.to_string())?.port())
}

fn set_mode(path: &Path, mode: u32) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).map_err(|e| e.to_string())
}

/// Polls `ready` every 200 ms for at most `limit`.
pub fn wait_for(
    what: &str,
    limit: Duration,
    mut ready: impl FnMut() -> bool,
) -> Result<(), String> {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if ready() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    Err(format!(
        "timed out after {} s waiting for {what}",
        limit.as_secs()
    ))
}

fn tail(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(5)..].join(" | ")
}
