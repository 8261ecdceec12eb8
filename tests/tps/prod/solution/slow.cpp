#include "prod.h"

// Right, but spends about 4a steps of a random number generator first.
long long multiply(int a, int b) {
    unsigned long long x = 1;
    for (long long i = 0; i < 4LL * a; i++) x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    volatile unsigned long long sink = x;
    (void)sink;
    return (long long)a * b;
}
