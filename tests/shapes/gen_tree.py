"""A tree of 2..9 vertices: `n`, then n-1 edges; labels, edges and ends shuffled. gen_tree.py SEED."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(2, 9)
label = list(range(1, n + 1))
rng.shuffle(label)
edges = []
for i in range(1, n):
    e = [label[i], label[rng.randrange(i)]]
    rng.shuffle(e)
    edges.append(e)
rng.shuffle(edges)
print(n)
for u, v in edges:
    print(u, v)
