#!/usr/bin/env python2
# An old Python 2 solution kept in a folder the package format does not define.
n = int(raw_input())
print max(map(int, raw_input().split())[:n])
