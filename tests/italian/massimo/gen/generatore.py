#!/usr/bin/env python3
# generatore N MAX SEED: N numbers from -MAX to MAX, the largest of them negative for odd seeds.
import random
import sys

n, top, seed = map(int, sys.argv[1:4])
rng = random.Random(seed)
numbers = [rng.randint(-top, top) for _ in range(n)]
if seed % 2 == 1:
    numbers = [-abs(x) - 1 for x in numbers]
print(n)
print(*numbers)
