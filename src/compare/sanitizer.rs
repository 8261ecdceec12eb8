//! The first finding of a sanitizer's report on a run's stderr, as one line with the place in
//! the candidate's source: "heap-buffer-overflow read at sol.cpp:14", "index 8 out of bounds
//! for type 'int \[8\]' at sol.cpp:14", "signed integer overflow: 2147483647 + 1 cannot be
//! represented in type 'int' at sol.cpp:9".
//!
//! Read are the reports of GCC's and Clang's runtimes as a `--sanitize` build runs them (see
//! `crate::build::sanitize`): UBSan's `FILE:LINE:COL: runtime error: MESSAGE`, ASan's
//! `ERROR: AddressSanitizer: KIND ...` with its `READ`/`WRITE of size N` line and stack frames
//! `#N 0xADDR in FUNCTION FILE:LINE`, libstdc++'s debug mode's `Error: ...` paragraph and
//! `assert`'s `FILE:LINE: FUNCTION: Assertion `X' failed.`, the last two followed by ASan's
//! trace of the `abort()` (`handle_abort=1`). The candidate's own frames are those under
//! [`SOURCE_PREFIX`], which the build maps its folder to.

use crate::build::sanitize::SOURCE_PREFIX;

/// Longest finding kept, in characters.
const MAX_CHARS: usize = 200;

/// The first sanitizer finding in `stderr`, if it holds a sanitizer's report.
pub fn finding(stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.lines().collect();
    let mut debug_message: Option<String> = None;
    let mut assertion: Option<(String, Option<String>)> = None;
    for (i, line) in lines.iter().enumerate() {
        let line = line.trim_end();
        if let Some((place, message)) = line.split_once(": runtime error: ") {
            let place = match own_place(place) {
                Some(place) => Some(place),
                None => first_own_frame(&lines[i + 1..]),
            };
            return Some(shown(message, place));
        }
        if let Some(rest) = line.strip_prefix("Error: ") {
            debug_message.get_or_insert_with(|| paragraph(rest, &lines[i + 1..]));
            continue;
        }
        if let Some(found) = failed_assertion(line) {
            assertion.get_or_insert(found);
            continue;
        }
        if let Some(at) = line.find("ERROR: AddressSanitizer: ") {
            let rest = &line[at + "ERROR: AddressSanitizer: ".len()..];
            let kind = rest.split_whitespace().next().unwrap_or("error");
            let after = &lines[i + 1..];
            let place = first_own_frame(after);
            let access = after.first().and_then(|next| {
                let next = next.trim_start();
                ["READ", "WRITE"]
                    .into_iter()
                    .find(|a| next.starts_with(&format!("{a} of size ")))
            });
            let what = match (kind, access) {
                ("ABRT", _) => match (debug_message.take(), assertion.take()) {
                    (Some(message), _) => message,
                    (None, Some((condition, own))) => {
                        let at = own.or(place);
                        return Some(shown(&format!("assertion `{condition}' failed"), at));
                    }
                    (None, None) => "abort()".to_string(),
                },
                ("SEGV", _) => "SEGV (invalid memory access)".to_string(),
                (kind, Some(access)) => format!("{kind} {}", access.to_lowercase()),
                (kind, None) => kind.to_string(),
            };
            return Some(shown(&what, place));
        }
    }
    // A debug-mode error or assertion without ASan's trace (a build without ASan).
    if let Some(message) = debug_message {
        return Some(shown(&message, None));
    }
    assertion.map(|(condition, place)| shown(&format!("assertion `{condition}' failed"), place))
}

/// `MESSAGE at PLACE`, whitespace collapsed and clipped.
fn shown(message: &str, place: Option<String>) -> String {
    let mut text = message.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() > MAX_CHARS {
        text = text.chars().take(MAX_CHARS - 3).collect::<String>() + "...";
    }
    match place {
        Some(place) => format!("{text} at {place}"),
        None => text,
    }
}

/// The text of libstdc++'s debug-mode error: its first line and those that follow up to a
/// blank line.
fn paragraph(first: &str, rest: &[&str]) -> String {
    let mut text = first.trim().to_string();
    for line in rest.iter().take_while(|l| !l.trim().is_empty()) {
        text.push(' ');
        text.push_str(line.trim());
    }
    text.trim_end_matches('.').to_string()
}

/// `FILE:LINE` of a place in the candidate's own sources (`FILE:LINE:COL` or `FILE:LINE` as
/// a sanitizer prints it), with [`SOURCE_PREFIX`] dropped; `None` for a library's file (an
/// absolute path elsewhere, or `../`).
fn own_place(place: &str) -> Option<String> {
    let place = place.trim();
    let relative = match place.strip_prefix(SOURCE_PREFIX) {
        Some(rest) => rest.trim_start_matches('/'),
        None if place.starts_with('/') || place.starts_with("../") => return None,
        None => place,
    };
    let mut parts = relative.rsplitn(3, ':').collect::<Vec<_>>();
    parts.reverse();
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match parts.as_slice() {
        [file, line, column] if numeric(line) && numeric(column) => Some(format!("{file}:{line}")),
        [file, line] if numeric(line) => Some(format!("{file}:{line}")),
        [head, file, line] if numeric(line) => Some(format!("{head}:{file}:{line}")),
        _ => None,
    }
}

/// The place of the first stack frame (`#N 0xADDR in FUNCTION FILE:LINE`) in the candidate's
/// own sources, among the frames that start `lines`.
fn first_own_frame(lines: &[&str]) -> Option<String> {
    lines
        .iter()
        .map(|l| l.trim())
        .skip_while(|l| !l.starts_with('#'))
        .take_while(|l| l.starts_with('#'))
        .filter_map(|frame| frame.split_whitespace().last())
        .filter(|place| place.starts_with(SOURCE_PREFIX))
        .find_map(own_place)
}

/// The condition of glibc's `assert` message (`PROGRAM: FILE:LINE: FUNCTION: Assertion
/// `CONDITION' failed.`) or libstdc++'s (`FILE:LINE: FUNCTION: Assertion 'CONDITION' failed.`,
/// with `_GLIBCXX_ASSERTIONS`), and its place when that is in the candidate's own sources
/// (a library header's is not: the stack trace then tells).
fn failed_assertion(line: &str) -> Option<(String, Option<String>)> {
    let (start, quote) = ["Assertion `", "Assertion '"]
        .into_iter()
        .find_map(|quote| line.find(quote).map(|start| (start, quote)))?;
    let condition = line[start + quote.len()..].strip_suffix("' failed.")?;
    let head = &line[..start];
    // The place is the first field that ends in `:LINE`.
    let place = head
        .split(": ")
        .find_map(|field| own_place(field.trim_end_matches(':')));
    Some((condition.to_string(), place))
}

#[cfg(test)]
mod tests {
    use super::finding;

    #[test]
    fn asan_reports_name_the_kind_the_access_and_the_own_frame() {
        let report = "=================================================================\n\
            ==387==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x603000000060 at pc 0x5641 bp 0x7ffe sp 0x7ffe\n\
            READ of size 4 at 0x603000000060 thread T0\n    \
            #0 0x5641cf45826c in main /.stressjudge-source/oob.cpp:8\n    \
            #1 0x7f4c03645249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58\n";
        assert_eq!(
            finding(report).as_deref(),
            Some("heap-buffer-overflow read at oob.cpp:8")
        );
    }

    #[test]
    fn ubsan_reports_keep_their_message() {
        let report = "sol.cpp:9:13: runtime error: signed integer overflow: 2147483647 + 1 \
                      cannot be represented in type 'int'\n    #0 0x55 in main /.stressjudge-source/sol.cpp:9\n";
        assert_eq!(
            finding(report).as_deref(),
            Some(
                "signed integer overflow: 2147483647 + 1 cannot be represented in type 'int' \
                 at sol.cpp:9"
            )
        );
        let in_header = "/usr/include/c++/12/bits/stl_numeric.h:135:11: runtime error: signed \
                         integer overflow\n    #0 0x1 in std::accumulate /usr/include/x.h:135\n    \
                         #1 0x2 in main /.stressjudge-source/sub/a.cpp:21\n";
        assert_eq!(
            finding(in_header).as_deref(),
            Some("signed integer overflow at sub/a.cpp:21")
        );
    }

    #[test]
    fn debug_mode_and_assertions_take_the_place_from_the_abort_trace() {
        let report = "/usr/include/c++/12/debug/vector:442:\nIn function:\n    std::...\n\n\
            Error: attempt to subscript container with out-of-bounds index 8, but \n\
            container only holds 8 elements.\n\nObjects involved in the operation:\n\
            AddressSanitizer:DEADLYSIGNAL\n\
            ==347==ERROR: AddressSanitizer: ABRT on unknown address 0x00000000015b (pc 0x7fe7)\n    \
            #0 0x7fe7540a8eec in __pthread_kill_implementation nptl/pthread_kill.c:44\n    \
            #2 0x7fe754044471 in __GI_abort stdlib/abort.c:79\n    \
            #4 0x562f in std::__debug::vector<int>::operator[](unsigned long) /usr/include/c++/12/debug/vector:442\n    \
            #5 0x562f in main /.stressjudge-source/vec.cpp:3\n";
        assert_eq!(
            finding(report).as_deref(),
            Some(
                "attempt to subscript container with out-of-bounds index 8, but container \
                 only holds 8 elements at vec.cpp:3"
            )
        );
        let assertion = "sol: sol.cpp:5: int main(): Assertion `n < 8' failed.\n\
            ==1==ERROR: AddressSanitizer: ABRT on unknown address 0x1\n";
        assert_eq!(
            finding(assertion).as_deref(),
            Some("assertion `n < 8' failed at sol.cpp:5")
        );
        let in_header = "/usr/include/c++/12/bits/stl_vector.h:1123: std::vector<long>::operator[]: \
            Assertion '__n < this->size()' failed.\n\
            ==1==ERROR: AddressSanitizer: ABRT on unknown address 0x1\n    \
            #4 0x5645 in std::vector<long>::operator[](unsigned long) /usr/include/c++/12/bits/stl_vector.h:1123\n    \
            #6 0x5645 in main /.stressjudge-source/v.cpp:11\n";
        assert_eq!(
            finding(in_header).as_deref(),
            Some("assertion `__n < this->size()' failed at v.cpp:11")
        );
    }

    #[test]
    fn ordinary_stderr_has_no_finding() {
        assert_eq!(finding(""), None);
        assert_eq!(finding("debug: n = 5\nSegmentation fault\n"), None);
    }
}
