# The published analysis: decide each pile alone (does the player to move win it?) and XOR those bits, as for Nim sums.
# Wrong answer: the game is partizan and outcomes do not add like Grundy values; it fails both samples ("2 3 4 / 2 3" says Varys).
import sys


def pile_won_by_petyr(x, a, b):
    # Petyr to move on the single pile x, solved exactly.
    if x == 0:
        return False
    if a > b:
        return True
    if a == b:
        return x % (a + 1) != 0
    return x <= a


def main():
    data = sys.stdin.buffer.read().split()
    n, a, b = int(data[0]), int(data[1]), int(data[2])
    bits = 0
    for v in data[3:3 + n]:
        bits ^= 1 if pile_won_by_petyr(int(v), a, b) else 0
    sys.stdout.write("Petyr\n" if bits else "Varys\n")


main()
