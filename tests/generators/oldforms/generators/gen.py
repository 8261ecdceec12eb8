"""gen.py N: the pair N, N + 1."""
import sys

n = int(sys.argv[1])
print(n, n + 1)
