#!/usr/bin/env python3
a, b = map(int, input().split())
print(a + b)
