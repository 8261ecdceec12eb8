# Reads every number up to the end of file.
import sys

print(sum(map(int, sys.stdin.read().split())))
