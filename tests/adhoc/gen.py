"""Random input for "index of the maximum": gen.py SEED [MAX_N].

Values are in -5..5 (ties are common); a third of the seeds use negative values only.
"""
import random
import sys

rng = random.Random(int(sys.argv[1]))
max_n = int(sys.argv[2]) if len(sys.argv) > 2 else 10
n = rng.randint(1, max_n)
high = rng.choice([5, 5, -1])
print(n)
print(*(rng.randint(-5, high) for _ in range(n)))
