#!/usr/bin/env python3
# checker INPUT CORRECT_OUTPUT CONTESTANT_OUTPUT: 1 for the sum, 0.5 one off, else 0.
import sys

correct = int(open(sys.argv[2]).read())
try:
    given = int(open(sys.argv[3]).read().split()[0])
except (IndexError, ValueError):
    given = None
if given == correct:
    print(1.0)
    print("translate:success", file=sys.stderr)
elif given is not None and abs(given - correct) == 1:
    print(0.5)
    print("translate:partial", file=sys.stderr)
else:
    print(0.0)
    print("translate:wrong", file=sys.stderr)
