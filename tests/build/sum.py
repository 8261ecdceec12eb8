import os
import sys

a, b = map(int, sys.stdin.read().split())
assert os.environ["PYTHONHASHSEED"] == "0"
print(a + b)
