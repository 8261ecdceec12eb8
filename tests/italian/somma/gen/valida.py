#!/usr/bin/env python3
# valida INPUT SUBTASK: exits nonzero when INPUT breaks the subtask's bounds.
import sys

from limiti import MAX

a, b = map(int, open(sys.argv[1]).read().split())
top = MAX[int(sys.argv[2])]
assert 0 <= a <= top and 0 <= b <= top, f"{a} {b} outside 0..{top}"
