n = int(raw_input())
print n * n
