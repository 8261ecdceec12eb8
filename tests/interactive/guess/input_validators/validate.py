"""Kattis input validator for "guess the number": one line `n x`, 1 <= x <= n <= 1000."""
import sys

parts = sys.stdin.read().split("\n")
try:
    n, x = map(int, parts[0].split(" "))
    ok = parts[0] == f"{n} {x}" and parts[1:] == [""] and 1 <= x <= n <= 1000
except ValueError:
    ok = False
sys.exit(42 if ok else 43)
