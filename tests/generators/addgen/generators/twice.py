"""X and 2X; built together with lib.py (the `generators:` map)."""
import sys

from lib import double

x = int(sys.argv[1])
print(x, double(x))
