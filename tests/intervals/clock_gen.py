"""gen.py seeded from the clock, as contestants often write it: the seed argument is ignored."""
import random
import time

rng = random.Random(time.time_ns())
n = rng.randint(2, 30)
m = rng.randint(0, n - 1)
print(n, m)
for _ in range(m):
    left = rng.randint(1, n - 1)
    print(left, rng.randint(left + 1, n))
