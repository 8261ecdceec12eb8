"""The planted bug: a vertex counts as a leaf unless the next vertex is its child."""
t = list(map(int, open(0).read().split()))
n = t[0]
p = [0, 0] + t[1:n]
print(sum(1 for v in range(1, n + 1) if v == n or p[v + 1] != v))
