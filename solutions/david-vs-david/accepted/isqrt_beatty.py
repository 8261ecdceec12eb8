# Generalized Wythoff (r = k + 1): exact Beatty term a_n = (n(2-r) + isqrt(n^2(r^2+4))) // 2 with math.isqrt.
# Accepted: exact integers match exhaustive search; 10^5 games run in well under 0.5 s including start-up.
import sys
from math import isqrt


def main():
    data = sys.stdin.buffer.read().split()
    t = int(data[0])
    out = []
    push = out.append
    for i in range(1, 3 * t + 1, 3):
        x = int(data[i])
        y = int(data[i + 1])
        r = int(data[i + 2]) + 1
        if x > y:
            x, y = y, x
        n, rem = divmod(y - x, r)
        if rem == 0 and (n * (2 - r) + isqrt(n * n * (r * r + 4))) // 2 == x:
            push("2")
        else:
            push("1")
    sys.stdout.write("\n".join(out))
    sys.stdout.write("\n")


main()
