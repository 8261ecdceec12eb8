"""A generator folder: N and N, by way of a helper module."""
import sys

from util import twin

print(*twin(int(sys.argv[1])))
