//! The language table's commands made into argument vectors: words split like a shell would,
//! placeholders filled in (see `languages.yaml` for the list).

use std::ffi::OsString;

use super::toolchain::Tool;

/// What the placeholders of one command stand for.
#[derive(Default)]
pub(crate) struct Context<'a> {
    /// The language's tools by variable (`{CC}`).
    pub tools: &'a [(String, Tool)],
    /// `{files}`: every source file.
    pub files: Vec<OsString>,
    /// `{mainfile}`.
    pub mainfile: OsString,
    /// `{file}`: in a compile command that holds it (run once per source file), that file.
    pub file: OsString,
    /// `{mainclass}`: the main file's name without its ending.
    pub mainclass: String,
    /// `{binary}`.
    pub binary: OsString,
    /// `{path}`: the folder the program is built and run from.
    pub path: OsString,
    /// `{includes}`: include path flags (native C and C++ only).
    pub includes: Vec<OsString>,
}

/// The placeholder standing for the memory limit in MiB; run commands keep it until a run's
/// limit is known (see [`super::Program::argv_for`]).
pub(crate) const MEMLIM: &str = "{memlim}";

/// The argument vector of `command` in `context`; `{memlim}` is left in place. An unknown
/// placeholder is an error naming it.
pub(crate) fn expand(command: &str, context: &Context<'_>) -> Result<Vec<OsString>, String> {
    let mut argv = Vec::new();
    for word in super::table::split_words(command) {
        if let Some(name) = word.strip_prefix('{').and_then(|w| w.strip_suffix('}')) {
            if let Some((_, tool)) = context.tools.iter().find(|(v, _)| v == name) {
                argv.push(tool.program.clone().into_os_string());
                argv.extend(tool.leading_args.iter().cloned());
                continue;
            }
            match name {
                "files" => {
                    argv.extend(context.files.iter().cloned());
                    continue;
                }
                "includes" => {
                    argv.extend(context.includes.iter().cloned());
                    continue;
                }
                _ => {}
            }
        }
        argv.push(substitute(&word, context)?);
    }
    if argv.is_empty() {
        return Err(format!("command `{command}` is empty"));
    }
    Ok(argv)
}

/// One word with its single-valued placeholders filled in.
fn substitute(word: &str, context: &Context<'_>) -> Result<OsString, String> {
    let mut out = OsString::new();
    let mut rest = word;
    while let Some(open) = rest.find('{') {
        out.push(&rest[..open]);
        let after = &rest[open..];
        let Some(close) = after.find('}') else {
            out.push(after);
            return Ok(out);
        };
        let name = &after[1..close];
        let mut capitalised = context.mainclass.chars();
        match name {
            "mainfile" => out.push(&context.mainfile),
            "file" => out.push(&context.file),
            "mainclass" => out.push(&context.mainclass),
            "Mainclass" => out.push(
                capitalised
                    .next()
                    .map(|first| first.to_uppercase().chain(capitalised).collect::<String>())
                    .unwrap_or_default(),
            ),
            "binary" => out.push(&context.binary),
            "path" => out.push(&context.path),
            "memlim" => out.push(MEMLIM),
            other if context.tools.iter().any(|(v, _)| v == other) => {
                return Err(format!(
                    "tool placeholder `{{{other}}}` must be a word of its own"
                ))
            }
            other => {
                return Err(format!(
                    "unknown placeholder `{{{other}}}` (known: the tools' variables, files, \
                     file, mainfile, mainclass, Mainclass, binary, path, memlim, includes)"
                ))
            }
        }
        rest = &after[close + 1..];
    }
    out.push(rest);
    Ok(out)
}

/// The argv positions holding `{memlim}`, with their words, so each run can fill in its limit.
pub(crate) fn memory_words(argv: &[OsString]) -> Vec<(usize, String)> {
    argv.iter()
        .enumerate()
        .filter_map(|(at, word)| {
            let word = word.to_str()?;
            word.contains(MEMLIM).then(|| (at, word.to_string()))
        })
        .collect()
}

/// `argv` with every `{memlim}` word filled in for a memory limit of `memory_limit_bytes`.
pub(crate) fn fill_memory(
    argv: &mut [OsString],
    words: &[(usize, String)],
    memory_limit_bytes: u64,
) {
    let mib = (memory_limit_bytes >> 20).max(1).to_string();
    for (at, word) in words {
        if let Some(slot) = argv.get_mut(*at) {
            *slot = word.replace(MEMLIM, &mib).into();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn placeholders_are_filled_and_unknown_ones_named() {
        let tools = vec![(
            "CC".to_string(),
            Tool {
                program: PathBuf::from("/usr/bin/ccache"),
                leading_args: vec!["gcc".into()],
                name: "ccache".into(),
            },
        )];
        let context = Context {
            tools: &tools,
            files: vec!["a.c".into(), "b.c".into()],
            mainfile: "main.kt".into(),
            mainclass: "main".into(),
            binary: "/c/prog".into(),
            ..Context::default()
        };
        let argv = expand(
            "{CC} -o {binary} {files} -f'{mainfile}' {Mainclass}Kt -M{memlim}m",
            &context,
        )
        .unwrap();
        let words: Vec<&str> = argv.iter().map(|w| w.to_str().unwrap()).collect();
        assert_eq!(
            words,
            [
                "/usr/bin/ccache",
                "gcc",
                "-o",
                "/c/prog",
                "a.c",
                "b.c",
                "-fmain.kt",
                "MainKt",
                "-M{memlim}m"
            ]
        );
        let mut filled = argv.clone();
        fill_memory(&mut filled, &memory_words(&argv), 512 << 20);
        assert_eq!(filled[8], "-M512m");
        let each = Context {
            file: "b.c".into(),
            ..context
        };
        let argv = expand("{CC} -c {file}", &each).unwrap();
        assert_eq!(argv[3], "b.c");
        let error = expand("{CC} {nope}", &each).unwrap_err();
        assert!(error.contains("`{nope}`"), "{error}");
    }
}
