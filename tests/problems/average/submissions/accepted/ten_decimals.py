# The average with 10 decimals.
n = int(input())
values = list(map(int, input().split()))
print(f"{sum(values) / n:.10f}")
