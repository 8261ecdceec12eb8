#include "testlib.h"

// gen MAX [ANYTHING...]: `n x`, n in [1, MAX], the hidden number x in [1, n].
int main(int argc, char* argv[]) {
    registerGen(argc, argv, 1);
    long long max = atoll(argv[1]);
    long long n = rnd.next(1, max);
    long long x = rnd.next(1, n);
    printf("%lld %lld\n", n, x);
}
