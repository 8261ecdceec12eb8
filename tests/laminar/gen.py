"""Laminar intervals: `n m`, then m distinct intervals `L R` (1 <= L < R <= n), any two nested
or disjoint. gen.py SEED."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(2, 30)
spans = []
stack = [(1, n)]
while stack:
    lo, hi = stack.pop()
    if lo < hi and rng.random() < 0.75:
        spans.append((lo, hi))
        mid = rng.randint(lo, hi - 1)
        stack += [(lo, mid), (mid + 1, hi)]
rng.shuffle(spans)
print(n, len(spans))
for left, right in spans:
    print(left, right)
