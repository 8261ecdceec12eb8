"""Wrong when the sum is over 100: stress finds it, and shrinks it to a small one."""
a, b = map(int, input().split())
print(a + b if a + b <= 100 else a + b - 1)
