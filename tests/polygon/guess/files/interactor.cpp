#include "testlib.h"

// Guess the number: the input is `n x`. The interactor sends n; the solution asks `? y` and
// hears `<` (x < y), `>` (x > y) or `=`, at most 60 times, then answers `! y`. The OUTPUT
// file (tout) gets `y q`, the answer and the queries asked, for the checker.
int main(int argc, char* argv[]) {
    registerInteraction(argc, argv);
    long long n = inf.readLong();
    long long x = inf.readLong();
    std::printf("%lld\n", n);
    std::fflush(stdout);
    for (int queries = 0;; queries++) {
        if (ouf.seekEof()) quitf(_wa, "no answer after %d queries", queries);
        std::string kind = ouf.readToken();
        long long y = ouf.readLong();
        if (kind == "!") {
            tout.print("%lld %d\n", y, queries);
            quitf(_ok, "answered %lld after %d queries", y, queries);
        }
        if (kind != "?") quitf(_pe, "expected ? or !, found %s", kind.c_str());
        if (y < 1 || y > n) quitf(_wa, "query %lld is out of [1, %lld]", y, n);
        if (queries == 60) quitf(_wa, "more than 60 queries");
        std::printf("%s\n", x < y ? "<" : x > y ? ">" : "=");
        std::fflush(stdout);
    }
}
