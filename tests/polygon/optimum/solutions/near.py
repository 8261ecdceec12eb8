n = int(input())
print(n if n <= 10 else n - 1)
