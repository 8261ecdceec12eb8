"""A bug carried between cases: the maximum is a global never reset, wrong when a case's
maximum is below an earlier case's."""
data = open(0).read().split()
t, p = int(data[0]), 1
best = -(10**9)
for _ in range(t):
    n = int(data[p])
    for x in data[p + 1 : p + 1 + n]:
        best = max(best, int(x))
    p += 1 + n
    print(best)
