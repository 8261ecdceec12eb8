//! Step 3 of the pipeline: build a candidate once, cached by content hash (skeleton).
