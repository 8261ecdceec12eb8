"""Random input for Any Sum: gen.py SEED. Small and huge n alike (a third of the seeds each
below 10, below 10^9, and up to 10^18)."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
print(rng.randint(0, rng.choice([9, 10**9, 10**18])))
