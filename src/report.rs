//! Step 6 of the pipeline: tables and JSON (skeleton).
