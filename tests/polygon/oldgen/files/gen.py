import sys

print(int(sys.argv[1]))
