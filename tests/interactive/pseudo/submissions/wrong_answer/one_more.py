# Reads to the end of file, adds one.
import sys

print(sum(map(int, sys.stdin.read().split())) + 1)
