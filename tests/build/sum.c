#include <math.h>
#include <stdio.h>

int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    /* cbrt of a value the compiler cannot fold: links only with -lm. */
    volatile double zero = 0.0;
    printf("%lld\n", a + b + (long long)cbrt(zero));
    return 0;
}
