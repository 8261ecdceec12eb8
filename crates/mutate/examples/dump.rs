fn main() {
    let args: Vec<String> = std::env::args().collect();
    let src = std::fs::read_to_string(&args[2]).unwrap();
    let lang: tree_sitter::Language = match args[1].as_str() {
        "c" => tree_sitter_c::LANGUAGE.into(),
        "cpp" => tree_sitter_cpp::LANGUAGE.into(),
        "java" => tree_sitter_java::LANGUAGE.into(),
        _ => tree_sitter_python::LANGUAGE.into(),
    };
    let mut p = tree_sitter::Parser::new();
    p.set_language(&lang).unwrap();
    let t = p.parse(&src, None).unwrap();
    fn walk(n: tree_sitter::Node, src: &str, depth: usize, field: Option<&str>) {
        let text = &src[n.byte_range()];
        let short: String = text
            .chars()
            .take(40)
            .collect::<String>()
            .replace('\n', "\\n");
        println!(
            "{}{}{}{}{} [{}] named={} {:?}",
            "  ".repeat(depth),
            field.map(|f| format!("{f}: ")).unwrap_or_default(),
            if n.is_error() { "ERROR:" } else { "" },
            if n.is_missing() { "MISSING:" } else { "" },
            n.kind(),
            n.start_position().row + 1,
            n.is_named(),
            short
        );
        let mut c = n.walk();
        for (i, ch) in n.children(&mut c).enumerate() {
            let f = n.field_name_for_child(i as u32);
            walk(ch, src, depth + 1, f);
        }
    }
    walk(t.root_node(), &src, 0, None);
}
