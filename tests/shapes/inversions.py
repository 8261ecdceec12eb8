"""The inversions of a sequence: pairs i < j with a_i > a_j. Lenient reader."""
t = list(map(int, open(0).read().split()))
n = t[0]
a = t[1 : 1 + n]
print(sum(1 for i in range(len(a)) for j in range(i + 1, len(a)) if a[i] > a[j]))
