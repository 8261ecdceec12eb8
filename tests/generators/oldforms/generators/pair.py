import sys

from lib import pair

print(pair(int(sys.argv[1])))
