"""The number of vertices of the largest tree of a forest. Lenient reader."""
t = list(map(int, open(0).read().split()))
n, m = t[0], t[1]
root = list(range(n + 1))


def find(x):
    while root[x] != x:
        root[x] = root[root[x]]
        x = root[x]
    return x


for i in range(m):
    root[find(t[2 + 2 * i])] = find(t[3 + 2 * i])
size = {}
for v in range(1, n + 1):
    size[find(v)] = size.get(find(v), 0) + 1
print(max(size.values()))
