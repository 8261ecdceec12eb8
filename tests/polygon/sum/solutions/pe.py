a, b = map(int, input().split())
print("sum" if a > 5 else a + b)
