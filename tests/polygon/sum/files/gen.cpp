#include "testlib.h"

// gen MAX [ANYTHING...]: two numbers in [1, MAX].
int main(int argc, char* argv[]) {
    registerGen(argc, argv, 1);
    long long max = atoll(argv[1]);
    long long a = rnd.next(1, max);
    long long b = rnd.next(1, max);
    printf("%lld %lld\n", a, b);
}
