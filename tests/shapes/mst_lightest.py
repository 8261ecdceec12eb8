"""The planted bug: the n-1 lightest edges, cycles or not."""
t = list(map(int, open(0).read().split()))
n, m = t[0], t[1]
weights = sorted(t[4 + 3 * i] for i in range(m))
print(sum(weights[: n - 1]))
