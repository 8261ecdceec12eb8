"""The diameter (in edges) of a tree: the largest distance between two vertices. Lenient reader."""
from collections import deque

t = list(map(int, open(0).read().split()))
n = t[0]
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    u, v = t[1 + 2 * i], t[2 + 2 * i]
    adj[u].append(v)
    adj[v].append(u)


def far(s):
    d = [-1] * (n + 1)
    d[s] = 0
    q = deque([s])
    while q:
        x = q.popleft()
        for y in adj[x]:
            if d[y] < 0:
                d[y] = d[x] + 1
                q.append(y)
    return max(d)


print(max(far(s) for s in range(1, n + 1)))
