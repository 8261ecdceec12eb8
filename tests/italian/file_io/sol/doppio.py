#!/usr/bin/env python3
# @check-accepted: *
with open("input.txt") as f:
    n = int(f.read())
with open("output.txt", "w") as f:
    print(2 * n, file=f)
