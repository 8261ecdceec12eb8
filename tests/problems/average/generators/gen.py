"""Random input for Average: gen.py SEED [MAX_N]."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
max_n = int(sys.argv[2]) if len(sys.argv) > 2 else 10
n = rng.randint(1, max_n)
print(n)
print(" ".join(str(rng.randint(-1000, 1000)) for _ in range(n)))
