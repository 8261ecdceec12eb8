/* One random David vs David game with piles up to 40, seeded by argv[1]: the generator of the
 * classic shell stress loop the benchmark compares with. */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long state;

static unsigned next(unsigned bound) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state % bound);
}

int main(int argc, char **argv) {
    state = 0x9E3779B97F4A7C15ULL ^ strtoull(argc > 1 ? argv[1] : "1", 0, 10);
    for (int i = 0; i < 4; i++) next(2);
    unsigned x = next(41), y = next(41), k = next(13);
    printf("1\n%u %u %u\n", x, y, k);
    return 0;
}
