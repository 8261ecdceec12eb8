a, b = map(int, input().split())
print(a + b + (1 if a >= 1000 else 0))
