"""Kattis input validator for Any Sum: one line holding n, 0 <= n <= 10^18, without leading
zeros. Exit 42 when valid, 43 otherwise."""
import re
import sys

text = sys.stdin.read()
match = re.fullmatch(r"(0|[1-9][0-9]*)\n", text)
if match is None or int(match.group(1)) > 10**18:
    print(f"expected one line holding n in 0..10^18, found {text[:30]!r}", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
