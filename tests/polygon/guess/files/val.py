# Validator: "n x\n", 1 <= x <= n <= 10^9, nothing else.
import re
import sys

data = sys.stdin.buffer.read().decode()
# Canonical numbers only, as testlib's readInt: no leading zeros.
match = re.fullmatch(r"([1-9][0-9]*) ([1-9][0-9]*)\n", data)
if not match:
    sys.exit("FAIL expected 'n x' and a line feed, found %r" % data[:20])
n, x = int(match.group(1)), int(match.group(2))
if not 1 <= x <= n <= 10**9:
    sys.exit("FAIL n = %d, x = %d: expected 1 <= x <= n <= 10^9" % (n, x))
