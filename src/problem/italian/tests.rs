//! Unit tests of the Italian reader.
