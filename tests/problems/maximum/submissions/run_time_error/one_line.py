# Reads n and the values from the first line only: the values are on the second line, so
# the list is empty and max() raises ValueError.
n, *values = map(int, input().split())
print(max(values))
