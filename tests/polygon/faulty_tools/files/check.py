# Checker in testlib's convention: check INPUT OUTPUT ANSWER; exit 0 OK, 1 WA, 2 PE.
# Planted fault: an output that is not a number is called a wrong answer (exit 1) where testlib's
# readLong gives a presentation error (exit 2), as checker test 2 expects.
import re
import sys

NOT_A_NUMBER_EXIT = 1
answer = open(sys.argv[3]).read().split()
output = open(sys.argv[2], "rb").read().decode("latin-1").split()
if len(output) != 1 or not re.fullmatch(r"-?[0-9]{1,18}", output[0]):
    sys.stderr.write("wrong output format expected one integer\n")
    sys.exit(NOT_A_NUMBER_EXIT)
if int(output[0]) != int(answer[0]):
    sys.stderr.write("wrong answer expected %s, found %s\n" % (answer[0], output[0]))
    sys.exit(1)
sys.stderr.write("ok %s\n" % output[0])
