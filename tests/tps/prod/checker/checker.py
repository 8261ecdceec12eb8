# checker INPUT ANSWER OUTPUT, as TPS's testlib checkers answer: the score on stdout, the
# verdict and the reason on stderr. An answer one too large earns half.
import sys

_, answer, output = (open(p, errors="replace").read().split() for p in sys.argv[1:4])
if output == answer:
    print(1)
    sys.stderr.write("Correct\n\n")
elif len(output) == 1 and output[0].lstrip("-").isdigit() and int(output[0]) == int(answer[0]) + 1:
    print(0.5)
    sys.stderr.write("Partially Correct\none too many\n")
else:
    print(0)
    sys.stderr.write(f"Wrong Answer\nexpected {' '.join(answer)}, got {' '.join(output)[:40]}\n")
