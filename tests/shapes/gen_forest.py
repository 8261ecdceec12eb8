"""A forest of 2..9 vertices: `n m`, then m edges, no cycle (a random tree with some edges
dropped); labels, edges and ends shuffled. gen_forest.py SEED."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(2, 9)
label = list(range(1, n + 1))
rng.shuffle(label)
edges = []
for i in range(1, n):
    if rng.random() < 0.75:
        e = [label[i], label[rng.randrange(i)]]
        rng.shuffle(e)
        edges.append(e)
rng.shuffle(edges)
print(n, len(edges))
for u, v in edges:
    print(u, v)
