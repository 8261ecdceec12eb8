//! The lines `stressjudge listen` prints: where it listens, one per problem received, one per
//! request refused.

use std::path::Path;

use crate::problem::companion::write::Written;
use crate::problem::companion::Task;

/// The first line: where to send problems and where they go.
pub fn listening_line(port: u16, dir: &Path) -> String {
    format!(
        "listening on http://127.0.0.1:{port}/ for Competitive Companion (add {port} to its \
         custom ports); problems go to {}; Ctrl-C ends\n",
        dir.display()
    )
}

/// One problem received: its name, where it went and what it holds.
pub fn received_line(task: &Task, written: &Written) -> String {
    let mut facts = vec![
        format!(
            "{} sample{}",
            task.tests.len(),
            if task.tests.len() == 1 { "" } else { "s" }
        ),
        format!("{} ms", task.time_limit),
        format!("{} MB", task.memory_limit),
    ];
    if task.interactive {
        facts.push("interactive".to_string());
    }
    if let Some(name) = task.input_file() {
        facts.push(format!("reads {name}"));
    }
    if let Some(name) = task.output_file() {
        facts.push(format!("writes {name}"));
    }
    if let Some(batch) = task.batch.as_ref().filter(|b| b.size > 1) {
        facts.push(format!("batch of {}", batch.size));
    }
    let place = match written {
        Written::New(folder) => format!("-> {}", folder.display()),
        Written::Renamed(folder, taken) => format!(
            "-> {} ({} exists with other contents)",
            folder.display(),
            taken.display()
        ),
        Written::Unchanged(folder) => format!("already in {}, unchanged", folder.display()),
    };
    format!(
        "received {:?} {place}: {}\n",
        task.name.trim(),
        facts.join(", ")
    )
}

/// A request refused, with the HTTP status it got.
pub fn refused_line(from: &str, status: u16, why: &str) -> String {
    format!("refused a request from {from} (HTTP {status}): {why}")
}
