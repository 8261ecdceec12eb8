# The published analysis: (p, q) is a P-position iff both pieces are on the same anti-diagonal; counts moves onto it.
# Wrong answer: blocked squares change the game; fails samples 2 and 5 (e.g. "3 1 4 2" prints 1, the answer is 2).
import sys


def moves_onto_diagonal(px, py, qx, qy):
    # Squares of rect(p) on q's anti-diagonal, other than q itself.
    e = qx + qy - 2
    if e >= px + py - 2:
        return 0
    lo = max(1, e + 2 - py)
    hi = min(px, e + 1)
    count = max(0, hi - lo + 1)
    if qx <= px and qy <= py:
        count -= 1
    return count


def main():
    data = sys.stdin.buffer.read().split()
    t = int(data[0])
    vals = list(map(int, data[1:1 + 4 * t]))
    out = []
    for i in range(0, 4 * t, 4):
        x1, y1, x2, y2 = vals[i:i + 4]
        if x1 + y1 == x2 + y2:
            out.append(0)
        else:
            out.append(moves_onto_diagonal(x1, y1, x2, y2) + moves_onto_diagonal(x2, y2, x1, y1))
    sys.stdout.write("\n".join(map(str, out)) + "\n")


main()
