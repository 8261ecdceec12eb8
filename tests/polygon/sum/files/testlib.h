// A minimal stand-in for testlib.h, written for stressjudge's tests (not testlib itself):
// registerGen seeds `rnd` from the command line, as testlib does, so a command always gives
// the same test.
#pragma once
#include <cstdio>
#include <cstdlib>

struct Random {
    unsigned long long state = 1;
    long long next(long long lo, long long hi) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return lo + (long long)((state >> 33) % (unsigned long long)(hi - lo + 1));
    }
};
static Random rnd;

inline void registerGen(int argc, char* argv[], int) {
    unsigned long long hash = 3;
    for (int i = 1; i < argc; i++)
        for (const char* p = argv[i]; *p; p++) hash = hash * 31 + (unsigned char)*p;
    rnd.state = hash;
}
