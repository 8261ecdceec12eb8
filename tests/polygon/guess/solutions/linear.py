# Asks 1, 2, 3, ... in turn: right, but with more queries than the main solution.
n = int(input())
for y in range(1, n + 1):
    print("?", y, flush=True)
    if input().strip() == "=":
        print("!", y, flush=True)
        break
