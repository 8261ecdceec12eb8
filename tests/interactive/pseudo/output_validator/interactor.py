#!/usr/bin/env python3
"""Pseudo-interactive validator: interactor INPUT ANSWER FEEDBACK_DIR, exit 42 / 43. Prints the
test's numbers and closes its output, so the submission reads them to the end of file; then
reads the submission's sum."""
import os
import sys

numbers = open(sys.argv[1]).read().split()
sys.stdout.write(" ".join(numbers) + "\n")
sys.stdout.flush()
os.close(1)
expected = str(sum(map(int, numbers)))
got = sys.stdin.read().split()
if got != [expected]:
    with open(os.path.join(sys.argv[3], "judgemessage.txt"), "w") as f:
        f.write(f"expected {expected}, got {' '.join(got)}\n")
    sys.exit(43)
sys.exit(42)
