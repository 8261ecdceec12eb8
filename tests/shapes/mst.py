"""The weight of a minimum spanning tree (Kruskal). Lenient reader."""
t = list(map(int, open(0).read().split()))
n, m = t[0], t[1]
edges = sorted((t[4 + 3 * i], t[2 + 3 * i], t[3 + 3 * i]) for i in range(m))
root = list(range(n + 1))


def find(x):
    while root[x] != x:
        root[x] = root[root[x]]
        x = root[x]
    return x


total = 0
for w, u, v in edges:
    if find(u) != find(v):
        root[find(u)] = find(v)
        total += w
print(total)
