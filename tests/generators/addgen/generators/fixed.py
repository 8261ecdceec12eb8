"""The two numbers given: fixed.py A B."""
import sys

print(sys.argv[1], sys.argv[2])
