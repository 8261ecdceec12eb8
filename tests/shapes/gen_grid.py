"""A grid: `n m` (1..8 each), then n rows of m characters from `#.`. gen_grid.py SEED."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
n, m = rng.randint(1, 8), rng.randint(1, 8)
print(n, m)
for _ in range(n):
    print("".join(rng.choice("#.") for _ in range(m)))
