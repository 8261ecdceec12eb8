"""The planted bug: inversions of adjacent pairs only."""
t = list(map(int, open(0).read().split()))
n = t[0]
a = t[1 : 1 + n]
print(sum(1 for i in range(len(a) - 1) if a[i] > a[i + 1]))
