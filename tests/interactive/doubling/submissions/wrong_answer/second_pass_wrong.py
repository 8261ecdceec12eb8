p, v = map(int, input().split())
print(2 * v if p == 1 else v + 1)
