"""A bug inside one case: the maximum starts from 0, wrong when every value is negative."""
data = open(0).read().split()
t, p = int(data[0]), 1
for _ in range(t):
    n = int(data[p])
    best = 0
    for x in data[p + 1 : p + 1 + n]:
        best = max(best, int(x))
    p += 1 + n
    print(best)
