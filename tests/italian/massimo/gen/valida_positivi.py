#!/usr/bin/env python3
# valida_positivi ST_NAME INPUT: every number positive.
import os
import sys

assert sys.argv[1] == "positivi" == os.environ["TM_SUBTASK_NAME"], sys.argv
tokens = open(sys.argv[2]).read().split()
n, numbers = int(tokens[0]), list(map(int, tokens[1:]))
assert len(numbers) == n and all(x > 0 for x in numbers), "not N positive numbers"
