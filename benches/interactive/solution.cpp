// Benchmark solution: reads Q, then asks Q queries `? i`, each answered with a number, and
// prints their sum. One flush per query: a round trip each.
#include <cstdio>
int main() {
    long q;
    if (std::scanf("%ld", &q) != 1) return 1;
    long long sum = 0;
    for (long i = 0; i < q; ++i) {
        std::printf("? %ld\n", i);
        std::fflush(stdout);
        long long a;
        if (std::scanf("%lld", &a) != 1) return 1;
        sum += a;
    }
    std::printf("! %lld\n", sum);
    std::fflush(stdout);
}
