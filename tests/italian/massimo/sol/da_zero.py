#!/usr/bin/env python3
# Starts from 0, so it is wrong when every number is negative.
# @check-accepted: esempi positivi
# @check-wrong-answer: piccoli grandi
n = int(input())
best = 0
for x in map(int, input().split()):
    best = max(best, x)
print(best)
