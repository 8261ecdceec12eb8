"""Crashes when both numbers are equal (the pair and inline tests)."""
a, b = map(int, input().split())
assert a != b
print(a + b)
