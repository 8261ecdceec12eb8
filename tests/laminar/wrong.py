"""Containment tested strictly at both ends: misses nested intervals sharing an end."""
t = list(map(int, open(0).read().split()))
n, m = t[0], t[1]
s = [(t[2 + 2 * i], t[3 + 2 * i]) for i in range(m)]
print(sum(1 for i in range(m) if any(j != i and s[i][0] < s[j][0] and s[j][1] < s[i][1] for j in range(m))))
