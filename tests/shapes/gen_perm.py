"""A permutation: `n` (1..12), then a permutation of 1..n. gen_perm.py SEED."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(1, 12)
p = list(range(1, n + 1))
rng.shuffle(p)
print(n)
print(*p)
