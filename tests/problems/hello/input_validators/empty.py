"""Kattis input validator for Hello World: the input must be empty (exit 42), else 43."""
import sys

sys.exit(42 if sys.stdin.buffer.read() == b"" else 43)
