# Reads the bound as |a - b| < k: k = 0 becomes plain Nim (P iff x == y), otherwise Wythoff spacing r = k.
# Wrong answer: the true spacing is k + 1, so e.g. sample "23 9 1" (a P-position) is called winning.
import sys
from math import isqrt


def main():
    data = sys.stdin.buffer.read().split()
    t = int(data[0])
    out = []
    for i in range(1, 3 * t + 1, 3):
        x, y, k = int(data[i]), int(data[i + 1]), int(data[i + 2])
        if x > y:
            x, y = y, x
        if k == 0:
            losing = x == y
        else:
            r = k
            n, rem = divmod(y - x, r)
            losing = rem == 0 and (n * (2 - r) + isqrt(n * n * (r * r + 4))) // 2 == x
        out.append("2" if losing else "1")
    sys.stdout.write("\n".join(out) + "\n")


main()
