"""A testlib interactor that ends with FAIL (exit 3): the judge says it is wrong itself, a judge
error, never the candidate's verdict."""
import sys

print(5, flush=True)
sys.stderr.write("FAIL the hidden number is out of range\n")
sys.exit(3)
