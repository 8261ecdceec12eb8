"""The leaves of a rooted tree given by its parent array (vertices with no child). Lenient."""
t = list(map(int, open(0).read().split()))
n = t[0]
parents = set(t[1:n])
print(sum(1 for v in range(1, n + 1) if v not in parents))
