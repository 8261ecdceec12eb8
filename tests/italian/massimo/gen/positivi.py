#!/usr/bin/env python3
# positivi N SEED: N numbers from 1 to 1000, the largest one after the tenth.
import random
import sys

n, seed = map(int, sys.argv[1:3])
rng = random.Random(seed)
numbers = [rng.randint(1, 999) for _ in range(n)]
numbers[n // 2] = 1000
print(n)
print(*numbers)
