# Encodes right, but in pass 2 prints the encoded words again.
action, n = input().split()
for _ in range(int(n)):
    word = input()
    print("".join(chr((ord(c) - 96) % 26 + 97) for c in word) if action == "encode" else word)
