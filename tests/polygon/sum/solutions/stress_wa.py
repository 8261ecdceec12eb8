a, b = map(int, input().split())
print(a + b if a < 900 else a - b)
