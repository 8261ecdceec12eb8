"""The 4-connected regions of `#` of a grid. Lenient reader."""
t = open(0).read().split()
n, m = int(t[0]), int(t[1])
g = [row.ljust(m, ".")[:m] for row in t[2 : 2 + n]]
seen = set()
regions = 0
for i in range(len(g)):
    for j in range(m):
        if g[i][j] == "#" and (i, j) not in seen:
            regions += 1
            stack = [(i, j)]
            seen.add((i, j))
            while stack:
                x, y = stack.pop()
                for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if 0 <= a < len(g) and 0 <= b < m and g[a][b] == "#" and (a, b) not in seen:
                        seen.add((a, b))
                        stack.append((a, b))
print(regions)
