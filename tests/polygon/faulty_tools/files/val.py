# Validator (testlib convention: exit 0 valid, anything else invalid): "a b\n", 1 <= a, b <= 1000.
# Planted fault: the lower bound is 0, so "0 5" (validator test 2, INVALID) is accepted.
import re
import sys

data = sys.stdin.buffer.read().decode("ascii", "replace")
match = re.fullmatch(r"(0|[1-9][0-9]*) (0|[1-9][0-9]*)\n", data)
if not match:
    sys.exit("FAIL expected 'a b' and a line feed")
a, b = int(match.group(1)), int(match.group(2))
LOW = 0
if not (LOW <= a <= 1000 and LOW <= b <= 1000):
    sys.exit("FAIL a = %d, b = %d out of range" % (a, b))
