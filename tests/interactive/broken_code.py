"""A broken interactor (code): a judge error, never the candidate's verdict."""
import sys
import time

print(5, flush=True)
sys.exit(7)
