"""Random input for Maximum: gen.py SEED MAX_N MAX_ABS.

n is uniform in 1..MAX_N; the values are all negative, all non-negative or mixed (a third
of the seeds each), uniform in the allowed range of their sign.
"""
import random
import sys

seed, max_n, max_abs = (int(x) for x in sys.argv[1:4])
rng = random.Random(seed)
n = rng.randint(1, max_n)
mode = rng.choice(["negative", "non-negative", "mixed"])
low, high = {
    "negative": (-max_abs, -1),
    "non-negative": (0, max_abs),
    "mixed": (-max_abs, max_abs),
}[mode]
values = [rng.randint(low, high) for _ in range(n)]
print(n)
print(" ".join(map(str, values)))
