"""`r c`, then r rows of c characters from `#.`. grid_gen.py SEED."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
r, c = rng.randint(1, 8), rng.randint(1, 8)
print(r, c)
for _ in range(r):
    print("".join(rng.choice("#.") for _ in range(c)))
