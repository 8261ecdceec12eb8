# Generator of the ad-hoc benchmark: a random array for a seed (maximum subarray sum).
import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(1, 8)
print(n)
print(*(rng.randint(-20, 20) for _ in range(n)))
