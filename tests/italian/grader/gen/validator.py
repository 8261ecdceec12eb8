#!/usr/bin/env python3
# validator INPUT SUBTASK
import sys

tokens = open(sys.argv[1]).read().split()
n = int(tokens[0])
assert 1 <= n <= 100000 and len(tokens) == n + 1
assert all(1 <= int(t) <= 1000 for t in tokens[1:])
assert sys.argv[2] == "1"
