"""A rooted tree of 2..12 vertices as a parent array: `n`, then p_2 .. p_n with p_i < i.
gen_parents.py SEED."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(2, 12)
print(n)
print(*[rng.randint(1, i - 1) for i in range(2, n + 1)])
