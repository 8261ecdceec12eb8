# Every test: "A B" with 1 <= A, B <= 10^9, one line.
import sys

text = sys.stdin.read()
assert text.endswith("\n") and text.count("\n") == 1, "one line"
a, b = text.split(" ")
for x in (int(a), int(b)):
    assert 1 <= x <= 10**9, "out of range"
