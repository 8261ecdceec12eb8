# Splits off 7 so that a "looks random": a is negative when n < 7.
n = int(input())
print(n - 7, 7)
