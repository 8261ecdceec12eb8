"""The planted bug: runs of `#` of each row, never joined across rows."""
t = open(0).read().split()
n, m = int(t[0]), int(t[1])
g = [row.ljust(m, ".")[:m] for row in t[2 : 2 + n]]
print(sum(1 for row in g for j in range(m) if row[j] == "#" and (j == 0 or row[j - 1] != "#")))
