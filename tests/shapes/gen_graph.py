"""A connected simple graph of 2..9 vertices: `n m`, then m edges; a random tree plus extra
distinct edges, labels, edges and ends shuffled. gen_graph.py SEED."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(2, 9)
label = list(range(1, n + 1))
rng.shuffle(label)
edges = {tuple(sorted((label[i], label[rng.randrange(i)]))) for i in range(1, n)}
for _ in range(rng.randint(0, 6)):
    u, v = rng.sample(range(1, n + 1), 2)
    edges.add((min(u, v), max(u, v)))
edges = [list(e) for e in sorted(edges)]
for e in edges:
    rng.shuffle(e)
rng.shuffle(edges)
print(n, len(edges))
for u, v in edges:
    print(u, v)
