"""Reference for "index of the maximum": the first index of the largest value."""
n, *values = map(int, open(0).read().split())
values = values[:n]
print(values.index(max(values)) + 1)
