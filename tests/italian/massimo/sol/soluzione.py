#!/usr/bin/env python3
n = int(input())
print(max(map(int, input().split())))
