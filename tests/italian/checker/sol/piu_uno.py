#!/usr/bin/env python3
# @check-partial-score: uno due
a, b = map(int, input().split())
print(a + b + 1)
