#!/usr/bin/env python3
# Reads input.txt but prints to stdout: output.txt is missing.
# @check-wrong-answer: subtask0
with open("input.txt") as f:
    print(2 * int(f.read()))
