"""gen.py writing its input to input.txt instead of stdout (stdout is only a log line)."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(2, 30)
m = rng.randint(0, n - 1)
lines = [f"{n} {m}"]
for _ in range(m):
    left = rng.randint(1, n - 1)
    lines.append(f"{left} {rng.randint(left + 1, n)}")
with open("input.txt", "w") as out:
    out.write("\n".join(lines) + "\n")
print("wrote input.txt")
