a, b = map(int, input().split())
if a > 50:
    hog = bytearray(512 << 20)
print(a + b)
