"""Hidden states for "guess the number": `n x`, n in 1..20, x in 1..n (gen.py SEED)."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(1, 20)
print(n, rng.randint(1, n))
