import sys
a, b = map(int, input().split())
if a > 50:
    sys.exit(1)
print(a + b)
