# Off by one: looks at the first n - 1 values only (and at the only one when n = 1), so it is
# wrong whenever the last value is the unique maximum.
n = int(input())
values = list(map(int, input().split()))
print(max(values[: max(n - 1, 1)]))
