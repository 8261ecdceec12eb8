#!/usr/bin/env bash
# The classic hand-rolled stress loop: per case a generator, a brute force, the candidate and a
# compare. Usage: loop.sh WORKDIR CASES CANDIDATE.cpp
# Compiles the three programs into WORKDIR, runs CASES cases, and prints
# `cases N failures F ms T` for the loop alone (compilation excluded).
set -euo pipefail
dir=$1
cases=$2
candidate=$3
here=$(cd "$(dirname "$0")" && pwd)
cc -O2 -o "$dir/gen" "$here/gen.c"
cc -O2 -o "$dir/brute" "$here/../../tests/candidates/david_dp.c"
c++ -O2 -o "$dir/candidate" "$candidate"
cd "$dir"
failures=0
start=$(date +%s%N)
for ((i = 1; i <= cases; i++)); do
    ./gen "$i" > case.in
    ./brute < case.in > case.ans
    ./candidate < case.in > case.out
    cmp -s case.ans case.out || failures=$((failures + 1))
done
end=$(date +%s%N)
echo "cases $cases failures $failures ms $(( (end - start) / 1000000 ))"
