"""Points of 1..n covered by at least one interval [L, R]. Reads tokens, as brute forces do."""
t = list(map(int, open(0).read().split()))
n, m = t[0], t[1]
pairs = [(t[2 + 2 * i], t[3 + 2 * i]) for i in range(m)]
print(sum(1 for x in range(1, n + 1) if any(lo <= x <= hi for lo, hi in pairs)))
