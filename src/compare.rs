//! Step 5 of the pipeline: verdicts from a run's outcome and the problem's checker (skeleton).
