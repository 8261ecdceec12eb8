//! A learned [`Format`] in readable lines, as a statement's input section would say it.

use super::stats::{FieldStats, PairStats, Rel, SeqProperty, Type};
use super::{Format, Ref, Repeat, Row, MIN_INPUTS, MIN_OBSERVATIONS};
use std::collections::{BTreeSet, HashMap};

/// Names of header integers, in order of appearance.
const HEADER_NAMES: [&str; 12] = ["n", "m", "k", "q", "t", "p", "r", "x", "y", "z", "u", "v"];
/// Names of the fields of other lines, per line.
const FIELD_NAMES: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];

/// See [`Format::explain`].
pub(super) fn explain(format: &Format) -> Vec<String> {
    if format.blocks.is_empty() {
        return vec![format!(
            "no format learned from {} input(s) (at least {MIN_INPUTS} are needed, and a first \
             line of the same shape in all of them)",
            format.samples
        )];
    }
    let names = header_names(format);
    let name = |r: &Ref| names.get(r).cloned().unwrap_or_else(|| "?".to_string());
    let mut out = vec![format!(
        "learned from {} generated inputs (a bound or relation needs {MIN_OBSERVATIONS} \
         observations):",
        format.samples
    )];
    let mut line_number = Some(1);
    for (b, block) in format.blocks.iter().enumerate() {
        let field_name = |col: usize| {
            names
                .get(&Ref { block: b, col })
                .cloned()
                .unwrap_or_else(|| {
                    FIELD_NAMES
                        .get(col)
                        .map_or_else(|| format!("f{}", col + 1), |s| s.to_string())
                })
        };
        let lead = match block.repeat {
            Repeat::Once => match line_number {
                Some(l) => format!("line {l}:"),
                None => "then a line:".to_string(),
            },
            Repeat::Lines { by, minus: 0 } => format!("{} lines:", name(&by)),
            Repeat::Lines { by, minus } => format!("{}-{minus} lines:", name(&by)),
        };
        let (body, facts) = match &block.row {
            Row::Fixed { fields, pairs } => {
                let body: Vec<String> = (0..fields.len()).map(field_name).collect();
                let mut facts = Vec::new();
                for (col, field) in fields.iter().enumerate() {
                    let implied = |to: &Ref| implied_by_a_larger_field(fields, pairs, col, to);
                    facts.extend(field_facts(field, &field_name(col), &name, &implied));
                }
                for pair in pairs {
                    if let Some(rel) = pair.relation() {
                        // Written smaller side first: `m < n`, not `n > m`.
                        let (left, right) = (field_name(pair.left), field_name(pair.right));
                        facts.push(match rel.flipped() {
                            Some(flipped) => format!("{right} {} {left}", flipped.symbol()),
                            None => format!("{left} {} {right}", rel.symbol()),
                        });
                    }
                }
                (body.join(" "), facts)
            }
            Row::Array {
                len,
                minus,
                item,
                seq,
            } => {
                let count = match minus {
                    0 => name(len),
                    m => format!("{}-{m}", name(len)),
                };
                let mut facts = field_facts(item, "a_i", &name, &|_| false);
                facts.extend(seq.learned().iter().map(|p| match p {
                    SeqProperty::Permutation => format!("a permutation of 1..{count}"),
                    other => other.name().to_string(),
                }));
                (
                    format!("{count} {} a_1 .. a_{count}", kind_word(item)),
                    facts,
                )
            }
            Row::Chars { len, item } => {
                let facts = field_facts(item, "s", &name, &|_| false);
                (format!("a word s of {} characters", name(len)), facts)
            }
        };
        let facts = if facts.is_empty() {
            String::new()
        } else {
            format!(" ({})", facts.join(", "))
        };
        out.push(format!("  {lead} {body}{facts}"));
        line_number = match (line_number, block.repeat) {
            (Some(l), Repeat::Once) => Some(l + 1),
            _ => None,
        };
    }
    if !format.complete {
        out.push(
            "  then: lines of a shape not learned (e.g. test cases each with its own header); \
             shrinking is not guarded there"
                .to_string(),
        );
    }
    out
}

/// Names for the integers of lines read once.
fn header_names(format: &Format) -> HashMap<Ref, String> {
    let mut names = HashMap::new();
    let mut next = 0;
    for (b, block) in format.blocks.iter().enumerate() {
        if let (Repeat::Once, Row::Fixed { fields, .. }) = (block.repeat, &block.row) {
            for (col, field) in fields.iter().enumerate() {
                if field.kind() == Type::Int {
                    let name = HEADER_NAMES
                        .get(next)
                        .map_or_else(|| format!("h{}", next + 1), |s| s.to_string());
                    names.insert(Ref { block: b, col }, name);
                    next += 1;
                }
            }
        }
    }
    names
}

/// What an array's items are, in words.
fn kind_word(item: &FieldStats) -> &'static str {
    match item.kind() {
        Type::Int => "integers",
        Type::Decimal => "numbers",
        Type::Word => "words",
    }
}

/// Whether `col < h` (or `<=`) follows from `col < g` (or `<=`) and `g <= h` for another field
/// g of the line: `a < n` says nothing more once `a < b` and `b <= n` are said.
fn implied_by_a_larger_field(
    fields: &[FieldStats],
    pairs: &[PairStats],
    col: usize,
    to: &Ref,
) -> bool {
    let below = |g: usize| {
        pairs.iter().any(|p| match p.relation() {
            Some(Rel::Lt | Rel::Le) => p.left == col && p.right == g,
            Some(Rel::Gt | Rel::Ge) => p.left == g && p.right == col,
            None => false,
        })
    };
    let at_most_header = |g: usize| {
        fields[g]
            .header
            .iter()
            .any(|(r, pair)| r == to && matches!(pair.relation(), Some(Rel::Lt | Rel::Le)))
    };
    (0..fields.len()).any(|g| g != col && below(g) && at_most_header(g))
}

/// The learned facts of one field, as `1 <= a <= 30`, `a <= n`, `word of 1..5 chars [a-z]`;
/// header relations `implied` says follow from others are left out.
fn field_facts(
    field: &FieldStats,
    name: &str,
    header: &impl Fn(&Ref) -> String,
    implied: &dyn Fn(&Ref) -> bool,
) -> Vec<String> {
    if !field.learned() {
        return vec![format!("{name}: too few values to learn")];
    }
    let mut facts = Vec::new();
    match field.kind() {
        Type::Int => {
            if let Some((lo, hi)) = field.int_range() {
                facts.push(format!("{lo} <= {name} <= {hi}"));
            }
        }
        Type::Decimal => {
            if let Some((lo, hi)) = field.float_range() {
                facts.push(format!("{lo} <= {name} <= {hi}, decimal"));
            }
        }
        Type::Word => {
            let lengths = match field.len_range() {
                Some((lo, hi)) if lo == hi => format!("{lo} char(s)"),
                Some((lo, hi)) => format!("{lo}..{hi} chars"),
                None => String::new(),
            };
            let class = field
                .charset()
                .map(|set| format!(" from [{}]", char_class(set)))
                .unwrap_or_default();
            facts.push(format!("{name}: {lengths}{class}"));
        }
    }
    for (to, pair) in &field.header {
        match pair.relation() {
            Some(rel) if !(implied(to) && matches!(rel, Rel::Lt | Rel::Le)) => {
                facts.push(format!("{name} {} {}", rel.symbol(), header(to)));
            }
            _ => {}
        }
    }
    facts
}

/// A character set written with ranges: `a-z`, `#.`, `0-9A-F`.
fn char_class(set: &BTreeSet<char>) -> String {
    let chars: Vec<char> = set.iter().copied().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let mut j = i;
        while j + 1 < chars.len() && chars[j + 1] as u32 == chars[j] as u32 + 1 {
            j += 1;
        }
        if j >= i + 2 {
            out.push_str(&format!("{}-{}", chars[i], chars[j]));
        } else {
            chars[i..=j].iter().for_each(|&c| out.push(c));
        }
        i = j + 1;
    }
    out
}
