# The straightforward Python solution.
import sys

n, *values = map(int, sys.stdin.read().split())
print(max(values[:n]))
