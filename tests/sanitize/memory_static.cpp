// The sum (see README.md) with a 96 MiB static array touched: 1.5x a 64 MiB limit, counted as
// static data.
#include <cstdio>
static char big[96 << 20];
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    for (size_t i = 0; i < sizeof big; i += 4096) big[i] = 1;
    long long s = 0;
    for (int i = 0; i < n; i++) {
        long long x;
        scanf("%lld", &x);
        s += x + big[(size_t)i * 4096] - 1;
    }
    printf("%lld\n", s);
}
