"""A Kattis interactor with no query limit (as DOMjudge's boolfind validator): it answers every
query with a long line until the candidate answers or goes. A candidate that writes queries
without reading its answers fills both pipes, so both sides wait; the candidate is stopped at
its limit (TLE), and the interactor must then get its end of file, not wait forever."""
import sys

print(5, flush=True)
for line in sys.stdin:
    if line.startswith("!"):
        sys.exit(42 if line.split()[1:] == ["3"] else 43)
    print("lower " * 100, flush=True)
with open(sys.argv[3] + "judgemessage.txt", "w") as f:
    f.write("ended before answering\n")
sys.exit(43)
