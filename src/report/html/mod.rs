//! The HTML exporter (being written).

pub mod clip;

use super::{Exporter, Report};

/// One self-contained HTML page.
pub struct HtmlExporter;

impl Exporter for HtmlExporter {
    fn serialize(&self, _report: Report<'_>) -> Result<Vec<u8>, String> {
        Err("the HTML exporter is not available in this build".into())
    }
}
