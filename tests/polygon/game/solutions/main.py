# Reads game.in, writes game.out: accepted.
with open("game.in") as f:
    a, b = map(int, f.read().split())
with open("game.out", "w") as f:
    print(a + b, file=f)
