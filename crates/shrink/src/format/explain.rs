//! A learned [`Format`] in readable lines, as a statement's input section would say it.

use super::rows::RowProperty;
use super::stats::{FieldStats, PairStats, Rel, SeqProperty, Type};
use super::{Block, Format, Ref, Repeat, Row, MIN_INPUTS, MIN_OBSERVATIONS};
use std::collections::{BTreeSet, HashMap, HashSet};

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
    let mut names = HashMap::new();
    let mut counts = HashSet::new();
    case_counts(&format.blocks, &mut counts);
    name_headers(&format.blocks, &counts, &mut names, &mut 0, &mut 0);
    let mut out = vec![format!(
        "learned from {} generated inputs (a bound or relation needs {MIN_OBSERVATIONS} \
         observations):",
        format.samples
    )];
    explain_blocks(&format.blocks, &names, "  ", &mut out);
    if !format.complete {
        out.push(
            "  then: lines of a shape not learned; shrinking is not guarded there".to_string(),
        );
    }
    out
}

/// See [`Format::shapes`].
pub(super) fn shapes(format: &Format) -> Vec<String> {
    let mut names = HashMap::new();
    let mut counts = HashSet::new();
    case_counts(&format.blocks, &mut counts);
    name_headers(&format.blocks, &counts, &mut names, &mut 0, &mut 0);
    let mut out = Vec::new();
    block_shapes(&format.blocks, &names, &mut out);
    out
}

/// The shape properties of `blocks` and of the blocks of their cases.
fn block_shapes(blocks: &[Block], names: &HashMap<Ref, String>, out: &mut Vec<String>) {
    let name = |r: &Ref| names.get(r).cloned().unwrap_or_else(|| "?".to_string());
    for block in blocks {
        match (&block.row, block.repeat) {
            (Row::Group { body }, _) => block_shapes(body, names, out),
            (Row::Fixed { graph, rows, .. }, Repeat::Lines { by, minus }) => {
                if let Some(graph) = graph.as_ref().filter(|g| g.seen_enough()) {
                    let facts = graph.describe();
                    out.push(format!(
                        "edges on vertices 1..{}{}",
                        name(&graph.vertices),
                        if facts.is_empty() {
                            String::new()
                        } else {
                            format!(": {}", facts.join(", "))
                        }
                    ));
                }
                let learned = rows.learned();
                if !learned.is_empty() {
                    let facts: Vec<&str> = learned.iter().map(|p| p.name()).collect();
                    let count = match minus {
                        0 => name(&by),
                        m => format!("{}-{m}", name(&by)),
                    };
                    out.push(format!("the {count} rows: {}", facts.join(", ")));
                }
            }
            (
                Row::Array {
                    len,
                    minus,
                    seq,
                    parents,
                    ..
                },
                _,
            ) => {
                let count = match minus {
                    0 => name(len),
                    m => format!("{}-{m}", name(len)),
                };
                let mut facts: Vec<String> = seq
                    .learned()
                    .iter()
                    .map(|p| match p {
                        SeqProperty::Permutation => format!("a permutation of 1..{count}"),
                        other => other.name().to_string(),
                    })
                    .collect();
                facts.extend(parents.iter().flat_map(|p| p.describe()));
                if !facts.is_empty() {
                    out.push(format!("the {count} integers: {}", facts.join(", ")));
                }
            }
            (Row::Chars { len, item }, repeat) => {
                let Some(set) = item.charset().filter(|_| item.learned()) else {
                    continue;
                };
                let alphabet = char_class(set);
                out.push(match repeat {
                    Repeat::Lines { by, minus: 0 } => format!(
                        "a grid of {} rows of {} characters from [{alphabet}]",
                        name(&by),
                        name(len)
                    ),
                    _ => format!("a word of {} characters from [{alphabet}]", name(len)),
                });
            }
            _ => {}
        }
    }
}

/// The lines of `blocks`, each after `indent`; a case's blocks one level deeper.
fn explain_blocks(
    blocks: &[Block],
    names: &HashMap<Ref, String>,
    indent: &str,
    out: &mut Vec<String>,
) {
    let name = |r: &Ref| names.get(r).cloned().unwrap_or_else(|| "?".to_string());
    let mut line_number = Some(1);
    for block in blocks {
        let field_name = |col: usize| {
            names
                .get(&Ref {
                    block: block.id,
                    col,
                })
                .cloned()
                .unwrap_or_else(|| {
                    FIELD_NAMES
                        .get(col)
                        .map_or_else(|| format!("f{}", col + 1), |s| s.to_string())
                })
        };
        if let (Row::Group { body }, Repeat::Lines { by, .. }) = (&block.row, block.repeat) {
            out.push(format!("{indent}then {} cases, each:", name(&by)));
            explain_blocks(body, names, &format!("{indent}  "), out);
            line_number = None;
            continue;
        }
        let lead = match block.repeat {
            Repeat::Once => match line_number {
                Some(l) => format!("line {l}:"),
                None => "then a line:".to_string(),
            },
            Repeat::Lines { by, minus: 0 } => format!("{} lines:", name(&by)),
            Repeat::Lines { by, minus } => format!("{}-{minus} lines:", name(&by)),
        };
        let (body, facts) = match &block.row {
            Row::Fixed {
                fields,
                pairs,
                rows,
                graph,
            } => {
                let body: Vec<String> = (0..fields.len()).map(field_name).collect();
                let mut facts = Vec::new();
                for (col, field) in fields.iter().enumerate() {
                    let implied = |to: &Ref| implied_by_a_larger_field(fields, pairs, col, to);
                    facts.extend(field_facts(field, &field_name(col), &name, &implied));
                }
                let mut strict_pair = false;
                for pair in pairs {
                    if let Some(rel) = pair.relation() {
                        strict_pair |= matches!(rel, Rel::Lt | Rel::Gt);
                        // Written smaller side first: `m < n`, not `n > m`.
                        let (left, right) = (field_name(pair.left), field_name(pair.right));
                        facts.push(match rel.flipped() {
                            Some(flipped) => format!("{right} {} {left}", flipped.symbol()),
                            None => format!("{left} {} {right}", rel.symbol()),
                        });
                    }
                }
                if block.repeat != Repeat::Once {
                    // `a < b` already says a row's two values differ.
                    let implied = |p: &RowProperty| {
                        *p == RowProperty::DistinctValues && fields.len() == 2 && strict_pair
                    };
                    facts.extend(
                        rows.learned()
                            .iter()
                            .filter(|p| !implied(p))
                            .map(|p| p.name().to_string()),
                    );
                }
                if let Some(graph) = graph.as_ref().filter(|g| g.seen_enough()) {
                    facts.push(format!(
                        "{} {}: edges of a graph on vertices 1..{}",
                        field_name(0),
                        field_name(1),
                        name(&graph.vertices)
                    ));
                    facts.extend(graph.describe());
                }
                (body.join(" "), facts)
            }
            Row::Array {
                len,
                minus,
                item,
                seq,
                parents,
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
                facts.extend(parents.iter().flat_map(|p| p.describe()));
                (
                    format!("{count} {} a_1 .. a_{count}", kind_word(item)),
                    facts,
                )
            }
            Row::Chars { len, item } => {
                let mut facts = field_facts(item, "s", &name, &|_| false);
                if let Repeat::Lines { by, minus: 0 } = block.repeat {
                    facts.push(format!(
                        "a grid of {} rows of {} characters",
                        name(&by),
                        name(len)
                    ));
                }
                (format!("a word s of {} characters", name(len)), facts)
            }
            Row::Group { .. } => continue,
        };
        let facts = if facts.is_empty() {
            String::new()
        } else {
            format!(" ({})", facts.join(", "))
        };
        out.push(format!("{indent}{lead} {body}{facts}"));
        line_number = match (line_number, block.repeat) {
            (Some(l), Repeat::Once) => Some(l + 1),
            _ => None,
        };
    }
}

/// Names for the integers of lines read once, in order of appearance: `t` (then `t2`, ...) for
/// a count of cases, the next of [`HEADER_NAMES`] (but `t`) for any other.
fn name_headers(
    blocks: &[Block],
    counts: &HashSet<Ref>,
    names: &mut HashMap<Ref, String>,
    next: &mut usize,
    cases: &mut usize,
) {
    for block in blocks {
        match (block.repeat, &block.row) {
            (Repeat::Once, Row::Fixed { fields, .. }) => {
                for (col, field) in fields.iter().enumerate() {
                    let at = Ref {
                        block: block.id,
                        col,
                    };
                    if field.kind() != Type::Int || counts.contains(&at) {
                        continue;
                    }
                    let name = HEADER_NAMES
                        .iter()
                        .filter(|&&n| n != "t")
                        .nth(*next)
                        .map_or_else(|| format!("h{}", *next + 1), |s| s.to_string());
                    names.insert(at, name);
                    *next += 1;
                }
            }
            (Repeat::Lines { by, .. }, Row::Group { body }) => {
                *cases += 1;
                let name = match *cases {
                    1 => "t".to_string(),
                    c => format!("t{c}"),
                };
                names.insert(by, name);
                name_headers(body, counts, names, next, cases);
            }
            _ => {}
        }
    }
}

/// The header integers that count cases.
fn case_counts(blocks: &[Block], counts: &mut HashSet<Ref>) {
    for block in blocks {
        if let (Repeat::Lines { by, .. }, Row::Group { body }) = (block.repeat, &block.row) {
            counts.insert(by);
            case_counts(body, counts);
        }
    }
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
