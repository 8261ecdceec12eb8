"""Side by side with problemtools (docs/guide/tool-checks.md): its `verifyproblem` on the
planted-fault packages of tests/it/tool_checks.rs, written out as files with the sources the
tests plant, each package's warnings and errors printed.

    python3 benches/support/problemtools_side_by_side.py tests/it/tool_checks.rs OUT_DIR
"""
import os, re, shutil, subprocess, sys

STRICT = r'''import re, sys
text = sys.stdin.buffer.read().decode("ascii", "replace")
number = r"(100|[1-9][0-9]?)"
sys.exit(42 if re.fullmatch(number + " " + number + "\n", text) else 43)
'''
ROBUST_OV = r'''import sys
answer = open(sys.argv[2]).read().split()
try:
    team = sys.stdin.buffer.read().decode("ascii").split()
except UnicodeDecodeError:
    sys.exit(43)
sys.exit(42 if team == answer else 43)
'''
ANSWER_V = r'''import re, sys
text = sys.stdin.read()
sys.exit(42 if re.fullmatch(r"[0-9]+ [0-9]+\n", text) else 43)
'''
SOLUTION = "a, b = map(int, input().split())\nprint(a + b, a * b)\n"

def write(d, name, text):
    p = os.path.join(d, name)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    open(p, "w").write(text)

def clean(d):
    write(d, "problem.yaml", "problem_format_version: 2023-07-draft\nname: Sum and product\ntype: pass-fail\nlimits:\n  time_limit: 2.0\n")
    write(d, "statement/problem.en.tex", "\\problemname{Sum and product}\nPrint $a+b$ and $ab$.\n\\section*{Input}\nTwo integers.\n\\section*{Output}\nTwo integers.\n")
    for name, a, b in [("sample/1", 1, 2), ("secret/1", 10, 20), ("secret/2", 100, 7)]:
        write(d, f"data/{name}.in", f"{a} {b}\n")
        write(d, f"data/{name}.ans", f"{a+b} {a*b}\n")
    write(d, "data/invalid_input/zero.in", "0 5\n")
    write(d, "data/invalid_answer/word.in", "1 2\n")
    write(d, "data/invalid_answer/word.ans", "three 2\n")
    for folder, out in [("invalid_output", "3 3\n"), ("valid_output", "3   2\n")]:
        write(d, f"data/{folder}/case.in", "1 2\n")
        write(d, f"data/{folder}/case.ans", "3 2\n")
        write(d, f"data/{folder}/case.out", out)
    write(d, "input_validators/validate.py", STRICT)
    write(d, "answer_validators/answer.py", ANSWER_V)
    write(d, "output_validator/validate.py", ROBUST_OV)
    write(d, "submissions/accepted/sum.py", SOLUTION)

def source(test_file, fn):
    """The raw-string planted source of test `fn` in tests/it/tool_checks.rs."""
    text = open(test_file).read()
    body = text[text.index(f"fn {fn}()"):]
    m = re.search(r'let \w+ = (r#"(.*?)"#|"(.*?)");', body, re.S)
    if m.group(2) is not None:
        return m.group(2)
    return m.group(3).encode().decode("unicode_escape")

PLANTED = [
    ("clean", None, None),
    ("trailing spaces", "input_validators/validate.py", "an_input_validator_that_allows_trailing_spaces"),
    ("accepts empty", "input_validators/validate.py", "an_input_validator_that_accepts_an_empty_file"),
    ("invalid input + leading zeros", "input_validators/validate.py", "an_input_validator_that_accepts_an_invalid_input_and_leading_zeros"),
    ("loops on junk", "input_validators/validate.py", "an_input_validator_that_loops_on_junk_is_stopped_and_named"),
    ("ov crashes on empty", "output_validator/validate.py", "an_output_validator_that_crashes_on_an_empty_output"),
    ("ov reads past end", "output_validator/validate.py", "an_output_validator_that_reads_past_the_end_on_a_missing_token"),
    ("ov crashes on -0 (fuzz)", "output_validator/validate.py", "the_fuzzing_pass_finds_a_crash_only_a_mutated_answer_shows"),
    ("answer validator rejects answers", "answer_validators/answer.py", "an_answer_validator_that_rejects_the_answers"),
    ("ov accepts junk", "output_validator/validate.py", "an_output_validator_that_accepts_junk_and_the_invalid_output"),
]

def main():
    test_file, out = sys.argv[1], sys.argv[2]
    verify = os.environ.get("VERIFYPROBLEM", "verifyproblem")
    for label, file, fn in PLANTED:
        d = os.path.join(out, re.sub(r"\W+", "_", label))
        shutil.rmtree(d, ignore_errors=True)
        clean(d)
        if file:
            write(d, file, source(test_file, fn))
        try:
            run = subprocess.run([verify, d, "-p", "config", "data", "validators"],
                                 capture_output=True, text=True, timeout=240)
        except subprocess.TimeoutExpired:
            print(f"== {label}: verifyproblem did not finish in 240 s")
            continue
        lines = [l for l in (run.stdout + run.stderr).splitlines()
                 if re.search(r"(WARNING|ERROR)", l)]
        print(f"== {label}: exit {run.returncode}")
        for l in lines:
            print("   ", l[:220])
        sys.stdout.flush()

main()
