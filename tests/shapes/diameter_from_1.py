"""The planted bug: the farthest distance from vertex 1, not between any two vertices."""
from collections import deque

t = list(map(int, open(0).read().split()))
n = t[0]
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    u, v = t[1 + 2 * i], t[2 + 2 * i]
    adj[u].append(v)
    adj[v].append(u)
d = [-1] * (n + 1)
d[1] = 0
q = deque([1])
while q:
    x = q.popleft()
    for y in adj[x]:
        if d[y] < 0:
            d[y] = d[x] + 1
            q.append(y)
print(max(d))
