"""Kattis input validator for Maximum: exit 42 when stdin is a valid input, 43 otherwise.

The format is strict: `n` on the first line, then exactly n integers separated by single
spaces on the second line, each line ending in a newline, nothing after it.
"""
import re
import sys

INTEGER = re.compile(r"0|-?[1-9][0-9]*")


def reject(why):
    print(why, file=sys.stderr)
    sys.exit(43)


text = sys.stdin.read()
if not text.endswith("\n"):
    reject("the input does not end with a newline")
lines = text[:-1].split("\n")
if len(lines) != 2:
    reject(f"expected 2 lines, found {len(lines)}")
if not INTEGER.fullmatch(lines[0]):
    reject(f"n is not an integer: {lines[0][:20]!r}")
n = int(lines[0])
if not 1 <= n <= 100_000:
    reject(f"n = {n} is outside 1..100000")
tokens = lines[1].split(" ")
if len(tokens) != n:
    reject(f"expected {n} numbers, found {len(tokens)}")
for token in tokens:
    if not INTEGER.fullmatch(token):
        reject(f"not an integer: {token[:20]!r}")
    if abs(int(token)) > 10**9:
        reject(f"{token} is outside -10^9..10^9")
sys.exit(42)
