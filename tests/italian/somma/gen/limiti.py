# Bounds of each subtask, 1-based as the validator receives it.
MAX = {1: 10, 2: 100, 3: 2 * 10**9}
