a, b = map(int, input().split())
print(a + b if b <= 400 else a - b)
