#!/usr/bin/env python3
# generator N SEED: N, then N numbers from 1 to 1000.
import random
import sys

n, seed = int(sys.argv[1]), int(sys.argv[2])
random.seed(seed)
print(n)
print(*(random.randint(1, 1000) for _ in range(n)))
