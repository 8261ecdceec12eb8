#!/usr/bin/env python3
"""Writes test files into the package itself and prints nothing, as the generators of DOMjudge's
example problems do: a script that makes test data, not a seed -> stdout generator. stressjudge
must not take it for the stress generator, and must never let it write into the package."""
import os

here = os.path.dirname(os.path.realpath(__file__))
out = os.path.join(here, "..", "data", "secret", "made")
os.makedirs(out, exist_ok=True)
for v in (4, 5, 6):
    with open(os.path.join(out, f"{v}.in"), "w") as f:
        f.write(f"1 {v}\n")
    with open(os.path.join(out, f"{v}.ans"), "w") as f:
        f.write(f"{2 * v}\n")
