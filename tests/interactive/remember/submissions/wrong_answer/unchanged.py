# Does not encode at all: pass 1 rejects it.
action, n = input().split()
for _ in range(int(n)):
    print(input())
