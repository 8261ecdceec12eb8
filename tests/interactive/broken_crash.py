"""A broken interactor (crash): a judge error, never the candidate's verdict."""
import sys
import time

print(5, flush=True)
import os

os.abort()
