"""Multi-test arrays: `t` (1..8), then t cases: `n` (1..8) and n integers in -10..10.
gen.py SEED."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
t = rng.randint(1, 8)
print(t)
for _ in range(t):
    n = rng.randint(1, 8)
    print(n)
    print(*(rng.randint(-10, 10) for _ in range(n)))
