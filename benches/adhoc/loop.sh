#!/usr/bin/env bash
# The classic stress loop over the ad-hoc benchmark's programs: per case the Python generator,
# the Python brute force, the C++ candidate and a compare. Usage: loop.sh WORKDIR CASES PYTHON
# (PYTHON: the real interpreter, so the loop does not pay for a version-manager shim). Prints
# `cases N failures F ms T` for the loop alone (compilation excluded).
set -euo pipefail
dir=$1
cases=$2
python=$3
here=$(cd "$(dirname "$0")" && pwd)
c++ -O2 -o "$dir/candidate" "$here/kadane.cpp"
cd "$dir"
failures=0
start=$(date +%s%N)
for ((i = 1; i <= cases; i++)); do
    "$python" "$here/gen.py" "$i" > case.in
    "$python" "$here/brute.py" < case.in > case.ans
    ./candidate < case.in > case.out
    cmp -s case.ans case.out || failures=$((failures + 1))
done
end=$(date +%s%N)
echo "cases $cases failures $failures ms $(( (end - start) / 1000000 ))"
