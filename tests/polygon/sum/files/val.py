# Validator: "a b\n", 1 <= a, b <= 1000, nothing else (a CR is an error, as in testlib).
# Group g1 (testlib's --group) allows only a, b <= 10.
import re
import sys

args = sys.argv[1:]
group = args[args.index("--group") + 1] if "--group" in args else ""
data = sys.stdin.buffer.read().decode()
# Canonical numbers only, as testlib's readInt: no leading zeros.
match = re.fullmatch(r"([1-9][0-9]*) ([1-9][0-9]*)\n", data)
if not match:
    sys.exit("FAIL expected 'a b' and a line feed, found %r" % data[:20])
a, b = int(match.group(1)), int(match.group(2))
bound = 10 if group == "g1" else 1000
if not (1 <= a <= bound and 1 <= b <= bound):
    sys.exit("FAIL a = %d, b = %d out of [1, %d]" % (a, b, bound))
