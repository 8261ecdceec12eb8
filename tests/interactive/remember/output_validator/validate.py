#!/usr/bin/env python3
"""Multi-pass output validator: validator INPUT ANSWER FEEDBACK_DIR < output, exit 42 / 43.

Pass 1 (INPUT `encode N` and N words): the submission prints each word changed (the same
length, no letter left in place). The validator keeps the words in FEEDBACK_DIR/words.txt and
its pass number in FEEDBACK_DIR/pass.txt, and asks for pass 2 on `decode N`, the encoded words
and a line of 70000 dots (so nextpass.in is larger than 64 KiB). Pass 2 must give the kept
words back. Pass 2 can only be judged with the files pass 1 left: the spec keeps the feedback
folder between passes. Anything unexpected (a pass number that does not match the input, a
cut nextpass.in) is the judge's fault: exit 1."""
import os
import sys

_, input_file, _, feedback = sys.argv[:4]


def reject(message):
    with open(os.path.join(feedback, "judgemessage.txt"), "a") as f:
        f.write(message + "\n")
    sys.exit(43)


def judge_error(message):
    print(message, file=sys.stderr)
    sys.exit(1)


pass_file = os.path.join(feedback, "pass.txt")
number = int(open(pass_file).read()) + 1 if os.path.exists(pass_file) else 1
with open(pass_file, "w") as f:
    f.write(str(number))
lines = open(input_file).read().split("\n")
action, n = lines[0].split()
n = int(n)
words = lines[1 : 1 + n]
if action != ("encode" if number == 1 else "decode"):
    judge_error(f"input says {action} in pass {number}")
out = sys.stdin.read().split()
if len(out) != n:
    reject(f"pass {number}: expected {n} words, got {len(out)}")
if number == 1:
    for word, given in zip(words, out):
        if len(given) != len(word) or any(a == b for a, b in zip(word, given)):
            reject(f"pass 1: {given} does not encode {word}")
    with open(os.path.join(feedback, "words.txt"), "w") as f:
        f.write("\n".join(words))
    with open(os.path.join(feedback, "nextpass.in"), "w") as f:
        f.write(f"decode {n}\n" + "\n".join(out) + "\n" + "." * 70000 + "\n")
    sys.exit(42)
if lines[1 + n] != "." * 70000:
    judge_error("nextpass.in arrived cut")
kept = open(os.path.join(feedback, "words.txt")).read().split("\n")
if out != kept:
    reject("pass 2: the words are not given back")
sys.exit(42)
