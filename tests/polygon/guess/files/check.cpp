#include "testlib.h"

// Judges the interactor's OUTPUT file `y q`: y must be the hidden number (from the input), and
// q no more queries than the main solution asked (the answer file is the main solution's
// OUTPUT file, as Polygon makes it for an interactive problem).
int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    inf.readLong();
    long long x = inf.readLong();
    ans.readLong();
    long long jury = ans.readLong();
    long long y = ouf.readLong();
    long long q = ouf.readLong();
    if (y != x) quitf(_wa, "answered %lld, the number was %lld", y, x);
    if (q > jury) quitf(_wa, "%lld queries, the main solution needs %lld", q, jury);
    quitf(_ok, "%lld found in %lld queries", x, q);
}
