"""Kattis input validator for Average: n (1..1000), then n integers in -1000..1000 on one
line. Exit 42 for a valid input, 43 otherwise."""
import sys

try:
    lines = sys.stdin.read().split("\n")
    assert len(lines) == 3 and lines[2] == "", "expected exactly two lines"
    n = int(lines[0])
    assert 1 <= n <= 1000, f"n = {n} is outside 1..1000"
    values = [int(x) for x in lines[1].split(" ")]
    assert len(values) == n, f"expected {n} values, found {len(values)}"
    assert all(-1000 <= v <= 1000 for v in values), "a value is outside -1000..1000"
except (AssertionError, ValueError) as e:
    print(e, file=sys.stderr)
    sys.exit(43)
sys.exit(42)
