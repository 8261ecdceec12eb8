#!/usr/bin/env python2
# Python 2 only: the print statement is a syntax error in Python 3.
a, b = map(int, raw_input().split())
print a + b
