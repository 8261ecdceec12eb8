"""Bridges of a graph: edges whose removal disconnects it (each edge removed in turn). Lenient."""
t = list(map(int, open(0).read().split()))
n, m = t[0], t[1]
edges = [(t[2 + 2 * i], t[3 + 2 * i]) for i in range(m)]


def parts(skip):
    root = list(range(n + 1))

    def find(x):
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x

    for i, (u, v) in enumerate(edges):
        if i != skip:
            root[find(u)] = find(v)
    return len({find(v) for v in range(1, n + 1)})


whole = parts(-1)
print(sum(1 for i in range(m) if parts(i) > whole))
