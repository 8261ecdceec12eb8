//! YAML values of `generators.yaml` written out as files of their own (a directory's
//! `test_group.yaml`, a case's `.yaml`): copied from the file as written where possible, as
//! BAPCtools' round-trip `write_yaml` keeps them, else written anew.

use super::super::yaml::{Key, Node, Value};

/// A map or list value as a file of its own: its lines of the file (`lines`) as written,
/// de-indented (what BAPCtools' round-trip `write_yaml` gives: flow lists stay flow, comments
/// stay), else written anew by [`emit`].
pub(super) fn raw_value(lines: &[String], key: &Key, value: &Node) -> String {
    let indent = |line: &str| line.len() - line.trim_start_matches(' ').len();
    let blank = |line: &str| line.trim().is_empty();
    let Some(key_line) = key.line.checked_sub(1).and_then(|i| lines.get(i)) else {
        return emit(value);
    };
    if value.line == key.line {
        // A flow value on the key's line: `yaml: {description: x}`.
        let after = key_line
            .split_once(&format!("{}:", key.name))
            .map(|(_, rest)| rest.trim());
        return match after {
            Some(text) if text.starts_with(['{', '[']) && !text.contains(" #") => {
                format!("{text}\n")
            }
            _ => emit(value),
        };
    }
    let key_indent = indent(key_line);
    let mut block: Vec<&str> = lines
        .get(key.line..)
        .unwrap_or_default()
        .iter()
        .map(String::as_str)
        .take_while(|line| blank(line) || indent(line) > key_indent)
        .collect();
    while block.last().is_some_and(|line| blank(line)) {
        block.pop();
    }
    let Some(cut) = block.iter().filter(|l| !blank(l)).map(|l| indent(l)).min() else {
        return emit(value);
    };
    let mut text = String::new();
    for line in block {
        text.push_str(line.get(cut..).unwrap_or("").trim_end());
        text.push('\n');
    }
    text
}

/// A YAML value written back as block YAML (a `test_group.yaml` or a case's `.yaml`).
pub(super) fn emit(node: &Node) -> String {
    let mut out = String::new();
    emit_into(&node.value, 0, &mut out);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

fn scalar(value: &Value) -> String {
    match value {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(x) => format!("{x:?}"),
        Value::Str(s) => {
            let plain = !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_-./+".contains(c))
                && !s.starts_with(['-', '.'])
                && s.parse::<f64>().is_err()
                && !matches!(
                    s.as_str(),
                    "true" | "false" | "null" | "yes" | "no" | "on" | "off"
                );
            if plain {
                s.clone()
            } else {
                serde_json::to_string(s).expect("strings serialise")
            }
        }
        Value::Seq(_) | Value::Map(_) => unreachable!("not a scalar"),
    }
}

/// A map entry's or sequence item's value after its `key:` or `-`: a non-empty map or sequence
/// on the next lines, two spaces deeper; an empty one or a scalar on the same line.
fn emit_child(value: &Value, indent: usize, out: &mut String) {
    match value {
        Value::Map(e) if !e.is_empty() => {
            out.push('\n');
            emit_into(value, indent + 2, out);
        }
        Value::Seq(i) if !i.is_empty() => {
            out.push('\n');
            emit_into(value, indent + 2, out);
        }
        Value::Map(_) | Value::Seq(_) => {
            out.push(' ');
            emit_into(value, 0, out);
        }
        other => {
            out.push(' ');
            out.push_str(&scalar(other));
            out.push('\n');
        }
    }
}

fn emit_into(value: &Value, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match value {
        Value::Map(entries) if entries.is_empty() => out.push_str("{}\n"),
        Value::Seq(items) if items.is_empty() => out.push_str("[]\n"),
        Value::Map(entries) => {
            for (key, child) in entries {
                out.push_str(&pad);
                out.push_str(&scalar(&Value::Str(key.name.clone())));
                out.push(':');
                emit_child(&child.value, indent, out);
            }
        }
        Value::Seq(items) => {
            for item in items {
                out.push_str(&pad);
                out.push('-');
                emit_child(&item.value, indent, out);
            }
        }
        other => {
            out.push_str(&scalar(other));
            out.push('\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::super::super::yaml;
    use super::*;

    #[test]
    fn yaml_is_written_back() {
        let node = yaml::parse(
            Path::new("t"),
            "output_validator_args: [float_tolerance, '1e-2']\ninput_validator_args:\n  v: [--small]\n",
        )
        .unwrap();
        assert_eq!(
            emit(&node),
            "output_validator_args:\n  - float_tolerance\n  - \"1e-2\"\ninput_validator_args:\n  v:\n    - \"--small\"\n"
        );
    }
}
