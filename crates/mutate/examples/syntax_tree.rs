//! Prints the tree-sitter syntax tree of a source file, one node a line with its field, kind,
//! line and text, ERROR and MISSING nodes marked: what a rule under `src/rules/` matches on.
//! `cargo run --release -p stressjudge-mutate --example syntax_tree -- c|cpp|java|py FILE`.
#![forbid(unsafe_code)]

use tree_sitter::{Node, Parser};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [language, path] = args.as_slice() else {
        eprintln!("usage: syntax_tree c|cpp|java|py FILE");
        std::process::exit(2);
    };
    let grammar: tree_sitter::Language = match language.as_str() {
        "c" => tree_sitter_c::LANGUAGE.into(),
        "cpp" => tree_sitter_cpp::LANGUAGE.into(),
        "java" => tree_sitter_java::LANGUAGE.into(),
        "py" => tree_sitter_python::LANGUAGE.into(),
        other => {
            eprintln!("{other}: not one of c, cpp, java, py");
            std::process::exit(2);
        }
    };
    let source = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let mut parser = Parser::new();
    parser
        .set_language(&grammar)
        .expect("a grammar of this tree-sitter");
    let tree = parser.parse(&source, None).expect("no timeout was set");
    print_node(tree.root_node(), &source, 0, None);
}

/// Prints `node` and, indented, its children.
fn print_node(node: Node, source: &str, depth: usize, field: Option<&str>) {
    let text: String = source[node.byte_range()].chars().take(40).collect();
    // An ERROR node's kind is `ERROR`; a MISSING one has its token's kind.
    let mark = if node.is_missing() { "MISSING " } else { "" };
    println!(
        "{}{}{mark}{} [{}] {:?}",
        "  ".repeat(depth),
        field.map(|f| format!("{f}: ")).unwrap_or_default(),
        node.kind(),
        node.start_position().row + 1,
        text
    );
    for index in 0..node.child_count() {
        let index = index as u32;
        if let Some(child) = node.child(index) {
            print_node(child, source, depth + 1, node.field_name_for_child(index));
        }
    }
}
