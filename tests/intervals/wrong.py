"""The off-by-one: each interval's right end is forgotten."""
t = list(map(int, open(0).read().split()))
n, m = t[0], t[1]
pairs = [(t[2 + 2 * i], t[3 + 2 * i]) for i in range(m)]
print(sum(1 for x in range(1, n + 1) if any(lo <= x < hi for lo, hi in pairs)))
