//! The Kattis default output validator.
