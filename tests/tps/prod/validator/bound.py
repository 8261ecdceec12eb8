# bound.py MAX: both numbers at most MAX.
import sys

limit = int(sys.argv[1])
a, b = map(int, sys.stdin.read().split())
if a > limit or b > limit:
    sys.stderr.write(f"{a} {b}: above {limit}\n")
    sys.exit(1)
