//! Problem folders in the Kattis / ICPC problem package format.

mod error;
mod yaml;

pub use error::PackageError;
