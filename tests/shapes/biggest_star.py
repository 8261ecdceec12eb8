"""The planted bug: the largest degree plus one (right for stars only)."""
t = list(map(int, open(0).read().split()))
n, m = t[0], t[1]
degree = [0] * (n + 1)
for i in range(2 * m):
    degree[t[2 + i]] += 1
print(max(degree) + 1)
