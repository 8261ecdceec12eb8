//! The machine a benchmark ran on.

use std::process::Command;

/// Header lines: date, cores, CPU model and kernel.
pub fn describe() -> Vec<String> {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease")
        .map_or_else(|_| "unknown".into(), |k| k.trim().to_string());
    let load = std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "unknown".into(),
        |l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    );
    vec![
        format!(
            "date:    {}",
            command_line("date", &["-u", "+%Y-%m-%d %H:%M UTC"])
        ),
        format!("machine: {cores} cores (nproc), {model}, Linux {kernel}"),
        format!("load:    {load} (1/5/15 min averages before the benchmark)"),
    ]
}

/// The first line a command prints, or `unknown`.
fn command_line(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.lines().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".into())
}
