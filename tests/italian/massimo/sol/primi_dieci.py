#!/usr/bin/env python3
# Looks at the first ten numbers only.
# @check-accepted: esempi piccoli
# @check-wrong-answer: positivi
# @check-zero: grandi
n = int(input())
print(max(list(map(int, input().split()))[:10]))
