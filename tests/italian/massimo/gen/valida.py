#!/usr/bin/env python3
# valida INPUT ST_NUM: task-maker-rust's cases.gen passes the subtask 0-based, and also as
# TM_SUBTASK in the environment, with the test's number as TM_TESTCASE (when it checks a test).
import os
import sys

assert os.environ["TM_SUBTASK"] == sys.argv[2], "TM_SUBTASK differs from $ST_NUM"
subtask = int(sys.argv[2])
assert os.environ.get("TM_TESTCASE", "0").isdigit(), "TM_TESTCASE is not a number"
tokens = open(sys.argv[1]).read().split()
n, numbers = int(tokens[0]), list(map(int, tokens[1:]))
assert len(numbers) == n, f"{len(numbers)} numbers, {n} announced"
assert 1 <= n <= (10 if subtask == 1 else 1000), f"N = {n} in subtask {subtask}"
assert all(abs(x) <= 10**9 + 1 for x in numbers), "a number out of bounds"
