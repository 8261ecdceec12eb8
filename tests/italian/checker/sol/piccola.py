#!/usr/bin/env python3
# Gives up on sums of 100 or more.
# @check-accepted: uno
# @check-zero: due
a, b = map(int, input().split())
print(a + b if a + b < 100 else 0)
