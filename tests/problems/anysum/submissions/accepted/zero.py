# 0 and n: the laziest right answer.
print(0, int(input()))
