//! The language table as Markdown: docs/reference/languages.md's table is this text (a test keeps
//! them equal), so the documentation is generated from the data it documents.

use crate::build::{Builder, LanguageTable};

/// One Markdown table of every language: name, id (its `include/` folder), file endings, tools
/// with the variables that override them, and the compile and run commands.
pub fn languages_markdown(table: &LanguageTable) -> String {
    let mut text = String::from(
        "| Language | id | Files | Tools (variable: default) | Compile | Run |\n\
         | --- | --- | --- | --- | --- | --- |\n",
    );
    let mut languages: Vec<_> = table.languages.iter().collect();
    languages.sort_by_key(|l| l.name.to_lowercase());
    for language in languages {
        let files = language
            .extensions
            .iter()
            .map(|e| format!("`.{e}`"))
            .collect::<Vec<_>>()
            .join(" ");
        let tools = language
            .tools
            .iter()
            .map(|t| format!("`{}`: `{}`", t.variable, t.name))
            .collect::<Vec<_>>()
            .join(", ");
        let code = |command: &str| format!("`{}`", command.replace('|', "\\|"));
        let mut run = code(&language.run);
        match language.builder {
            Builder::Jvm => run.push_str(" (heap from the memory limit)"),
            Builder::Python => run.push_str(" (the real interpreter behind a shim)"),
            Builder::Native | Builder::Generic => {}
        }
        let compile = match (&language.compile, language.builder) {
            (_, Builder::Python) => "syntax check".to_string(),
            (Some(command), _) => code(command),
            (None, _) => String::new(),
        };
        text.push_str(&format!(
            "| {} | `{}` | {files} | {tools} | {compile} | {run} |\n",
            language.name, language.id
        ));
    }
    text
}
