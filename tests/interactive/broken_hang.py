"""A broken interactor (hang): a judge error, never the candidate's verdict."""
import sys
import time

print(5, flush=True)
while True:
    time.sleep(1)
