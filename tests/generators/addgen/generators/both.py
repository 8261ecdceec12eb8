"""Writes NAME.in and NAME.ans itself (BAPCtools keeps a generator's testcase.* files)."""
import sys

name, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(name + ".in", "w") as f:
    f.write(f"{a} {b}\n")
with open(name + ".ans", "w") as f:
    f.write(f"{a + b}\n")
