# gen MAX WORDS...: two numbers from 1 to MAX; the whole command line seeds the numbers, as
# testlib's registerGen does.
import random
import sys

bound = int(sys.argv[1])
rng = random.Random(" ".join(sys.argv[1:]))
print(rng.randint(max(1, bound // 2), bound), rng.randint(max(1, bound // 2), bound))
