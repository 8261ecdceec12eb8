//! Included files of a problem package (`include/default/` and `include/<language id>/`,
//! problemtools' semantics) merged with a submission before it is built.

use std::path::Path;

use super::{
    absolute, build_declared, display_name, folder_program, language, layout, snapshot,
    substituted, BuildError, BuildOptions, Builder, Declared, Program, Source,
};
use crate::error::UsageError;

/// Builds a submission of a problem package with the package's included files (the Kattis
/// format's `include/`, e.g. a grader's `main` around a submission that implements a function):
/// the files of `include_root/default/` and `include_root/<language id>/` are copied next to the
/// submission's own before it is built, replacing files of the same name, as problemtools does
/// (`default` applies to every language, a language's folder only to that language's
/// submissions). The copy is made once per content in the build cache, built as a program
/// folder, and is the program's working directory when it runs ([`Program::run_in`]). A
/// program that is not in a language of the table, or without included files for its
/// language, is built as [`build_declared`] would. `declared` is what the package says of the
/// submission's language and entry point (the language picks the included folder too) and
/// the package's constants, substituted in the merged files.
pub fn build_with_included(
    source: &Source,
    include_root: &Path,
    declared: &Declared,
    options: &BuildOptions,
) -> Result<Program, BuildError> {
    let as_it_is = || build_declared(source, declared, options);
    let path = match source {
        Source::File(path) | Source::Dir(path) => absolute(path)?,
        Source::Command(_) => return as_it_is(),
    };
    super::contained::building(&path, || {
        merged_and_built(source, &path, include_root, declared, options)
    })
}

/// [`build_with_included`] of the file or folder at `path` (absolute).
fn merged_and_built(
    source: &Source,
    path: &Path,
    include_root: &Path,
    declared: &Declared,
    options: &BuildOptions,
) -> Result<Program, BuildError> {
    let as_it_is = || build_declared(source, declared, options);
    let forced = declared.language()?;
    let own = if path.is_dir() {
        match layout::of_folder_in(path, forced)? {
            layout::Layout::Sources(sources) => sources.snapshot,
            _ => return as_it_is(),
        }
    } else {
        let language = match forced {
            Some(language) => language,
            None => language::detect(path)?,
        };
        let Some(spec) = language.spec() else {
            return as_it_is();
        };
        let mut own = snapshot::Snapshot::of_file(path, crate::error::read_file(path)?);
        // A file whose language is declared rather than told by its ending (`solution` declared
        // `cpp`) keeps being a source of that language in the merged folder, where sources are
        // told by their endings: its copy gets the language's first ending.
        if forced.is_some() && language::sources_in(&own.candidates(), language).is_empty() {
            if let Some(ending) = spec.extensions.first() {
                let file = &mut own.files[0];
                let mut name = file.relative.clone().into_os_string();
                name.push(format!(".{ending}"));
                file.relative = name.into();
            }
        }
        own
    };
    let detected = language::detect_sources(&own.candidates()).map(|(language, _)| language);
    let Some(language) = forced.or(detected) else {
        return as_it_is();
    };
    // The submission's name in the merged folder (its copy may have gained an ending).
    let own_name = (!path.is_dir())
        .then(|| own.files.first().map(|f| f.relative.clone()))
        .flatten();
    let mut merged = own;
    let mut any = false;
    for dir in [
        include_root.join("default"),
        include_root.join(language.id()),
    ] {
        if !dir.is_dir() {
            continue;
        }
        any = true;
        let package = include_root.parent().unwrap_or(include_root);
        for file in snapshot::Snapshot::of_folder(&dir)?.files {
            // A header linked to a file outside the package would be compiled into the
            // submission and quoted in its compile errors.
            crate::problem::confined::inside(package, &dir.join(&file.relative))
                .map_err(|why| BuildError::Usage(UsageError::new(why)))?;
            merged.files.retain(|f| f.relative != file.relative);
            merged.files.push(file);
        }
    }
    if !any {
        return as_it_is();
    }
    merged.files.sort_by(|a, b| a.relative.cmp(&b.relative));
    // The spec's constants apply to included files as to the submission (2025-09,
    // "Constants").
    substituted::apply(&mut merged, &declared.constants);
    let mut label = b"included files ".to_vec();
    label.extend_from_slice(language.id().as_bytes());
    let folder = substituted::cached_folder(&merged, &label, options)?;
    let mut declared = declared.substituted();
    let jvm = language.spec().is_some_and(|s| s.builder == Builder::Jvm);
    // An included driver is the main file by its name (`main.py`; the spec: "that file must
    // have the language-dependent name"), as problemtools' `{mainfile}` finds it.
    let driver = merged.files.iter().any(|f| {
        f.relative
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.split_once('.'))
            .is_some_and(|(stem, _)| {
                stem.eq_ignore_ascii_case("main") || stem.eq_ignore_ascii_case("__main__")
            })
    });
    if !path.is_dir() && declared.entrypoint.is_none() && !jvm && !driver {
        // Else a single-file submission stays the entry point among the included files (not
        // the first file in name order: `limits.py` before `sol.py`); Java and Kotlin start
        // the class with `main`, which may be the grader's.
        declared.entrypoint = own_name.map(|n| n.to_string_lossy().into_owned());
    }
    let mut program = folder_program(&folder, &declared, options)?;
    program.display_name = display_name(path);
    program.argv0 = super::shown_name(&program, path);
    // It runs in the merged folder, whatever its language (a compiled C++ or Python program as
    // a command-built one already does): an included data file is read from the working
    // directory, as the spec's `examples/maximal` (`with_include.php` reads `./data.txt`)
    // expects and as DOMjudge's run scripts `cd` to the program's folder. The folder is in
    // the build cache and bound read-only under full isolation.
    if program.run_in.is_none() {
        program.run_in = Some(folder.clone());
    }
    if !program.readonly_paths.contains(&folder) {
        program.readonly_paths.push(folder);
    }
    Ok(program)
}
