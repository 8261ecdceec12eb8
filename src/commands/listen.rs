//! `stressjudge listen [--port N] [--dir D]`: receives Competitive Companion's POSTs and writes
//! each task as a problem folder ([`crate::problem::companion`]); one line per problem.
//!
//! It listens on 127.0.0.1 only. The extension POSTs `application/json` to
//! `http://localhost:PORT/` (`src/hosts/CustomHost.ts`); a request of another method, path or
//! content type, a body over [`MAX_BODY_BYTES`] or one that is not a task gets an HTTP error and
//! one line on stderr. Requiring the JSON content type also keeps web pages out: a page can
//! POST across origins without asking only with a "simple" content type (text/plain, forms);
//! `application/json` needs a CORS preflight, which is never answered here.

use std::io::Read;
use std::path::Path;

use super::{print_out, Outcome};
use crate::error::UsageError;
use crate::options::ListenOptions;
use crate::problem::companion::write::write_task;
use crate::problem::companion::{Task, MAX_BODY_BYTES};
use crate::report::listen::{listening_line, received_line, refused_line};

/// The default port. Competitive Companion's built-in ports (`src/hosts/hosts.ts`) belong to
/// cpbooster 1327, CHelper 4243, Hightail 4244, Mind Sport 6174, acmX 10042, Caide 10043,
/// CP Editor 10045 and cph 27121 (which competitest.nvim shares); this is none of them, so it is
/// added once under the extension's "Custom ports" option.
pub const DEFAULT_PORT: u16 = 27190;

/// Runs `stressjudge listen` until Ctrl-C or `--count` problems.
pub fn run(options: &ListenOptions) -> Result<Outcome, UsageError> {
    std::fs::create_dir_all(&options.dir).map_err(|e| {
        UsageError::new(format!(
            "--dir {}: cannot create it: {e}",
            options.dir.display()
        ))
    })?;
    if !options.dir.is_dir() {
        return Err(UsageError::new(format!(
            "--dir {}: not a folder",
            options.dir.display()
        )));
    }
    let server = tiny_http::Server::http(("127.0.0.1", options.port)).map_err(|e| {
        UsageError::new(format!(
            "--port {}: cannot listen on 127.0.0.1: {e}",
            options.port
        ))
    })?;
    let port = server
        .server_addr()
        .to_ip()
        .map_or(options.port, |a| a.port());
    print_out(&listening_line(port, &options.dir))?;
    let mut received = 0u64;
    if options.count == Some(0) {
        return Ok(Outcome::Passed);
    }
    for request in server.incoming_requests() {
        if receive(request, &options.dir)? {
            received += 1;
            if options.count.is_some_and(|n| received >= n) {
                break;
            }
        }
    }
    Ok(Outcome::Passed)
}

/// Handles one request: whether it carried a task that is now in `dir` (false: refused).
fn receive(mut request: tiny_http::Request, dir: &Path) -> Result<bool, UsageError> {
    let from = request
        .remote_addr()
        .map_or_else(|| "?".to_string(), |a| a.to_string());
    let outcome = match accept(&mut request) {
        Ok(task) => match write_task(dir, &task) {
            Ok(written) => Ok((task, written)),
            Err(why) => Err((500, why)),
        },
        Err(refusal) => Err(refusal),
    };
    match outcome {
        Ok((task, written)) => {
            let line = received_line(&task, &written);
            let _ = request.respond(tiny_http::Response::from_string(line.clone()));
            print_out(&line)?;
            Ok(true)
        }
        Err((status, why)) => {
            let _ = request.respond(
                tiny_http::Response::from_string(format!("{why}\n")).with_status_code(status),
            );
            eprintln!("stressjudge: {}", refused_line(&from, status, &why));
            Ok(false)
        }
    }
}

/// Reads and checks a request's task, or the HTTP status and reason to refuse it with.
fn accept(request: &mut tiny_http::Request) -> Result<Task, (u16, String)> {
    if *request.method() != tiny_http::Method::Post {
        return Err((405, format!("method {} (only POST)", request.method())));
    }
    if request.url() != "/" {
        return Err((404, format!("path {} (tasks go to /)", request.url())));
    }
    let content_type = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Content-Type"))
        .map(|h| h.value.as_str().to_string())
        .unwrap_or_default();
    if !content_type
        .split(';')
        .next()
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
    {
        return Err((
            415,
            format!("content type {content_type:?} (Competitive Companion sends application/json)"),
        ));
    }
    let too_big = || (413, format!("body over {} MiB", MAX_BODY_BYTES >> 20));
    if request
        .body_length()
        .is_some_and(|n| n as u64 > MAX_BODY_BYTES)
    {
        return Err(too_big());
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY_BYTES + 1)
        .read_to_end(&mut body)
        .map_err(|e| (400, format!("cannot read the body: {e}")))?;
    if body.len() as u64 > MAX_BODY_BYTES {
        return Err(too_big());
    }
    Task::parse(&body).map_err(|why| (400, why))
}
