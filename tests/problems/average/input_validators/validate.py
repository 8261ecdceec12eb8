"""Kattis input validator for Average: n (1..1000), then n integers in -1000..1000 on one
line. Exit 42 for a valid input, 43 otherwise."""
import re
import sys

try:
    lines = sys.stdin.read().split("\n")
    assert len(lines) == 3 and lines[2] == "", "expected exactly two lines"
    n = int(lines[0])
    assert 1 <= n <= 1000, f"n = {n} is outside 1..1000"
    tokens = lines[1].split(" ")
    # Canonical integers only: no leading zeros, no `+`, no `-0`.
    canonical = re.compile(r"-?[1-9][0-9]*|0")
    assert all(canonical.fullmatch(t) for t in [lines[0]] + tokens), "not a canonical integer"
    values = [int(x) for x in tokens]
    assert len(values) == n, f"expected {n} values, found {len(values)}"
    assert all(-1000 <= v <= 1000 for v in values), "a value is outside -1000..1000"
except (AssertionError, ValueError) as e:
    print(e, file=sys.stderr)
    sys.exit(43)
sys.exit(42)
