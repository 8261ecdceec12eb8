"""Input validator for "index of the maximum", testlib convention: exit 0 when stdin holds
n (1 <= n <= 100) on one line and n integers (|a_i| <= 10^9) on the next; otherwise say why on
stderr and exit 3, as testlib's failed `ensure` does."""
import sys


def reject(why):
    print(f"FAIL {why}", file=sys.stderr)
    sys.exit(3)


lines = sys.stdin.read().split("\n")
if len(lines) != 3 or lines[2] != "":
    reject("expected two lines, each ending in a newline")
try:
    n = int(lines[0])
    values = [int(token) for token in lines[1].split(" ")]
except ValueError:
    reject("not an integer")
if not 1 <= n <= 100:
    reject(f"n = {n} is outside 1..100")
if len(values) != n:
    reject(f"expected {n} values, found {len(values)}")
if any(abs(v) > 10**9 for v in values):
    reject("a value is outside -10^9..10^9")
sys.exit(0)
