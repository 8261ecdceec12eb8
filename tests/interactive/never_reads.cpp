// Asks forever without reading the answers (DOMjudge's boolfind-test-loop.cc): TLE.
#include <cstdio>
int main() {
    for (;;) std::printf("? 1\n");
}
