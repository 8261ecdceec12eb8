#!/usr/bin/env python2
# Python 2, recognised by its shebang: run with python2 (or PYTHON2), skipped without one.
print "Hello, World!"
