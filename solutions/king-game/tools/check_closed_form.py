# Checks the closed-form partner runs of accepted/closed_form_runs.py against the band DP of accepted/band_bitsets.cpp
# on every square of the 300 x 300 board (all three diagonals). Usage: python3 tools/check_closed_form.py [g++ binary]
import importlib.util
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ACCEPTED = os.path.join(HERE, "..", "accepted")
BOARD = 300


def load_rule():
    spec = importlib.util.spec_from_file_location("rule", os.path.join(ACCEPTED, "closed_form_runs.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rule_runs(rule, x, y):
    # Partner runs of (x, y) on diagonals g-1, g, g+1 from the closed form, mirrored for x > y, clipped to the board.
    d = x + y - 2
    flip = x > y
    cx = y if flip else x
    result = []
    for e, runs in ((d - 1, rule.down(cx, d)), (d, rule.same(cx, d)), (d + 1, rule.up(cx, d))):
        if e < 0:
            result.append([])
            continue
        if flip:
            runs = [(e + 2 - b, e + 2 - a) for a, b in reversed(runs)]
        lo, hi = max(1, e + 2 - BOARD), min(BOARD, e + 1)
        clipped = [(max(a, lo), min(b, hi)) for a, b in runs if max(a, lo) <= min(b, hi)]
        result.append(clipped)
    return result


def main():
    gxx = sys.argv[1] if len(sys.argv) > 1 else "g++"
    rule = load_rule()
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "dump")
        subprocess.run([gxx, "-O2", "-std=c++17", "-DDUMP_PARTNERS", "-o", exe,
                        os.path.join(ACCEPTED, "band_bitsets.cpp")], check=True)
        dump = subprocess.run([exe], check=True, capture_output=True, text=True).stdout
    squares = runs_total = mismatches = 0
    for line in dump.splitlines():
        head, *cols = line.split("|")
        x, y = map(int, head.split())
        dp = [[tuple(map(int, r.split("-"))) for r in col.split()] for col in cols]
        squares += 1
        runs_total += sum(len(c) for c in dp)
        if rule_runs(rule, x, y) != dp:
            mismatches += 1
            if mismatches <= 5:
                print(f"mismatch at ({x}, {y}): dp {dp} rule {rule_runs(rule, x, y)}")
    print(f"{squares} squares, {runs_total} partner runs, {mismatches} mismatches")
    sys.exit(1 if mismatches or squares != BOARD * BOARD else 0)


if __name__ == "__main__":
    main()
