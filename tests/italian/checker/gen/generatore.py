#!/usr/bin/env python3
# generatore MAX SEED: two numbers from 3/4 MAX to MAX.
import random
import sys

top, seed = int(sys.argv[1]), int(sys.argv[2])
random.seed(seed)
print(random.randint(3 * top // 4, top), random.randint(3 * top // 4, top))
