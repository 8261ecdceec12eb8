//! Summaries of repeated measurements and the one-line form of a benchmark figure.

/// The median of `values` (the mean of the middle two for an even count); NaN when empty.
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// The smallest of `values`; +infinity when empty.
pub fn min(values: &[f64]) -> f64 {
    values.iter().copied().fold(f64::INFINITY, f64::min)
}

/// The largest of `values`; -infinity when empty.
pub fn max(values: &[f64]) -> f64 {
    values.iter().copied().fold(f64::NEG_INFINITY, f64::max)
}

/// One measured figure with its target.
pub struct Figure {
    name: String,
    value: String,
    target: String,
    /// Whether the target was met; `None` when the figure could not be measured.
    pass: Option<bool>,
}

impl Figure {
    /// A figure named `name` measuring `value` against `target`.
    pub fn new(
        name: impl Into<String>,
        value: impl Into<String>,
        target: impl Into<String>,
        pass: Option<bool>,
    ) -> Figure {
        Figure {
            name: name.into(),
            value: value.into(),
            target: target.into(),
            pass,
        }
    }

    /// `NAME: VALUE  [target TARGET]  PASS|MISS|N/A`.
    pub fn print(&self) {
        let mark = match self.pass {
            Some(true) => "PASS",
            Some(false) => "MISS",
            None => "N/A",
        };
        println!(
            "{mark:<4}  {}: {}  [target {}]",
            self.name, self.value, self.target
        );
    }
}
