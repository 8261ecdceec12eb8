# Encodes each letter as the next one (z as a), decodes back.
action, n = input().split()
shift = 1 if action == "encode" else 25
for _ in range(int(n)):
    print("".join(chr((ord(c) - 97 + shift) % 26 + 97) for c in input()))
