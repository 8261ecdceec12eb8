//! Whether a text keeps a learned [`Format`]: its blocks in order, the counts consistent, every
//! field within what was learned of it.

use super::stats::{int_value, FieldStats};
use super::{Format, Ref, Repeat, Row};
use crate::doc::Doc;
use std::collections::HashMap;

/// See [`Format::accepts`].
pub(super) fn accepts(format: &Format, text: &str) -> bool {
    if format.blocks.is_empty() {
        return true;
    }
    let lines: Vec<Vec<String>> = Doc::parse(text)
        .lines
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect();
    let mut header: HashMap<Ref, i128> = HashMap::new();
    let mut cursor = 0;
    for (index, block) in format.blocks.iter().enumerate() {
        let times = match block.repeat {
            Repeat::Once => 1,
            Repeat::Lines { by, minus } => match count(&header, by, minus) {
                Some(c) => c,
                None => return false,
            },
        };
        for _ in 0..times {
            let Some(consumed) = row_fits(&block.row, lines.get(cursor), &header) else {
                return false;
            };
            if consumed && block.repeat == Repeat::Once {
                let line = &lines[cursor];
                for (col, token) in line.iter().enumerate() {
                    if let Some(v) = int_value(token) {
                        header.insert(Ref { block: index, col }, v);
                    }
                }
            }
            cursor += usize::from(consumed);
        }
    }
    !format.complete || cursor == lines.len()
}

/// Header integer `by` minus `minus`, when it is a count.
fn count(header: &HashMap<Ref, i128>, by: Ref, minus: usize) -> Option<usize> {
    let v = header.get(&by)? - minus as i128;
    usize::try_from(v).ok()
}

/// Whether `line` is a row of `row`: `Some(true)` when it is (and was read), `Some(false)` for an
/// empty array that takes no line, `None` when it breaks the format.
fn row_fits(row: &Row, line: Option<&Vec<String>>, header: &HashMap<Ref, i128>) -> Option<bool> {
    match row {
        Row::Fixed { fields, pairs } => {
            let line = line?;
            (line.len() == fields.len()).then_some(())?;
            for (field, token) in fields.iter().zip(line) {
                field_fits(field, token, header).then_some(())?;
            }
            for pair in pairs {
                if let Some(rel) = pair.relation() {
                    let a = int_value(&line[pair.left])?;
                    let b = int_value(&line[pair.right])?;
                    rel.holds(a, b).then_some(())?;
                }
            }
            Some(true)
        }
        Row::Array {
            len,
            minus,
            item,
            seq,
        } => {
            let expected = count(header, *len, *minus)?;
            if expected == 0 {
                return Some(false);
            }
            let line = line?;
            (line.len() == expected).then_some(())?;
            for token in line {
                field_fits(item, token, header).then_some(())?;
            }
            let items: Vec<&str> = line.iter().map(String::as_str).collect();
            seq.accepts(&items).then_some(true)
        }
        Row::Chars { len, item } => {
            let line = line?;
            let expected = count(header, *len, 0)?;
            (line.len() == 1 && line[0].chars().count() == expected).then_some(())?;
            field_fits(item, &line[0], header).then_some(true)
        }
    }
}

/// Whether `token` keeps the field's own invariants and its relations to header integers.
fn field_fits(field: &FieldStats, token: &str, header: &HashMap<Ref, i128>) -> bool {
    if !field.accepts(token) {
        return false;
    }
    field.header.iter().all(|(to, pair)| match pair.relation() {
        None => true,
        Some(rel) => match (int_value(token), header.get(to)) {
            (Some(v), Some(&h)) => rel.holds(v, h),
            _ => false,
        },
    })
}
