"""The planted bug: Tarjan's low-link bridge test with `>=` where `>` belongs."""
import sys

sys.setrecursionlimit(10000)
t = list(map(int, open(0).read().split()))
n, m = t[0], t[1]
adj = [[] for _ in range(n + 1)]
for i in range(m):
    u, v = t[2 + 2 * i], t[3 + 2 * i]
    adj[u].append((v, i))
    adj[v].append((u, i))
disc = [0] * (n + 1)
low = [0] * (n + 1)
clock = [0]
found = [0]


def dfs(x, via):
    clock[0] += 1
    disc[x] = low[x] = clock[0]
    for y, e in adj[x]:
        if e == via:
            continue
        if disc[y]:
            low[x] = min(low[x], disc[y])
        else:
            dfs(y, e)
            low[x] = min(low[x], low[y])
            if low[y] >= disc[x]:
                found[0] += 1


for v in range(1, n + 1):
    if not disc[v]:
        dfs(v, -1)
print(found[0])
