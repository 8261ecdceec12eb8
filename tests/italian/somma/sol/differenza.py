#!/usr/bin/env python3
# @check-zero: *
# @check-wrong-answer: samples small big
a, b = map(int, input().split())
print(a - b)
