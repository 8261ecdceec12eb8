/* Exact Beatty evaluation, but the square n^2 (r^2 + 4) is computed in 32-bit unsigned arithmetic.
   Wrong answer: the product wraps once n^2 (r^2 + 4) >= 2^32, e.g. the P-position "75025 121393 0" (n = 46368) is called winning. */
#include <math.h>
#include <stdio.h>

static unsigned int isqrt32(unsigned int v) {
    unsigned int s = (unsigned int)sqrt((double)v);
    while (s > 0 && (unsigned long long)s * s > v) --s;
    while ((unsigned long long)(s + 1) * (s + 1) <= v) ++s;
    return s;
}

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        long long x, y, k;
        if (scanf("%lld %lld %lld", &x, &y, &k) != 3) return 0;
        if (x > y) { long long tmp = x; x = y; y = tmp; }
        long long r = k + 1, d = y - x;
        int losing = 0;
        if (d % r == 0) {
            unsigned int n = (unsigned int)(d / r);
            unsigned int rr = (unsigned int)(r * r + 4);
            unsigned int s = isqrt32(n * n * rr);
            losing = ((long long)n * (2 - r) + (long long)s) / 2 == x;
        }
        puts(losing ? "2" : "1");
    }
    return 0;
}
