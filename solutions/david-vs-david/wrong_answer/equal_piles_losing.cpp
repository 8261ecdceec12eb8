// Exact Beatty evaluation, plus a shortcut that calls every equal-piles position (x, x) losing.
// Wrong answer: only (0, 0) is losing among them; "1 1 0" is won by taking both stones.
#include <cstdio>
#include <cstdint>
#include <cmath>

static uint64_t isqrt_u64(uint64_t v) {
    uint64_t s = (uint64_t)std::sqrt((long double)v);
    while (s > 0 && (unsigned __int128)s * s > v) --s;
    while ((unsigned __int128)(s + 1) * (s + 1) <= v) ++s;
    return s;
}

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        long long x, y, k;
        if (scanf("%lld %lld %lld", &x, &y, &k) != 3) return 0;
        if (x > y) { long long tmp = x; x = y; y = tmp; }
        bool losing;
        if (x == y) {
            losing = true;  // "symmetric positions are lost, as in Nim"
        } else {
            long long r = k + 1, d = y - x;
            losing = false;
            if (d % r == 0) {
                uint64_t n = (uint64_t)(d / r);
                int64_t s = (int64_t)isqrt_u64(n * n * (uint64_t)(r * r + 4));
                losing = ((int64_t)n * (2 - r) + s) / 2 == x;
            }
        }
        puts(losing ? "2" : "1");
    }
    return 0;
}
