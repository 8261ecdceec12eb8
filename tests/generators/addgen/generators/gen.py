"""Two random numbers in 1..MAX: gen.py SEED MAX."""
import random
import sys

random.seed(int(sys.argv[1]))
top = int(sys.argv[2])
print(random.randint(1, top), random.randint(1, top))
