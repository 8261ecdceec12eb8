"""Intervals: `n m`, then m lines `L R` with 1 <= L < R <= n. gen.py SEED [MAX_N] (default 30)."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(2, int(sys.argv[2]) if len(sys.argv) > 2 else 30)
m = rng.randint(0, n - 1)
print(n, m)
for _ in range(m):
    left = rng.randint(1, n - 1)
    print(left, rng.randint(left + 1, n))
