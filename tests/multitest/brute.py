"""The largest value of each case. Reads tokens leniently, as brute forces do: a case whose
values are missing is answered 0."""
data = open(0).read().split()
t, p = int(data[0]), 1
for _ in range(t):
    n = int(data[p]) if p < len(data) else 0
    a = [int(x) for x in data[p + 1 : p + 1 + n]]
    p += 1 + n
    print(max(a) if a else 0)
