# Reads n, then waits for a reply to a query it never asks: idle until the time limit.
import sys

n = int(input())
sys.stdin.readline()
print("!", n, flush=True)
