# Reads game.in but prints the right sum on stdout instead of writing game.out: wrong answer.
with open("game.in") as f:
    a, b = map(int, f.read().split())
print(a + b)
