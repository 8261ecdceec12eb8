// Generalized Wythoff (r = k + 1): exact integer Beatty term a_n = floor((n(2-r) + isqrt(n^2(r^2+4))) / 2).
// Accepted: the u64 isqrt is corrected exactly, so it matches exhaustive search; 10^5 games take a few ms.
#include <cstdio>
#include <cstdint>
#include <cmath>

static uint64_t isqrt_u64(uint64_t v) {
    uint64_t s = (uint64_t)std::sqrt((long double)v);
    while (s > 0 && (unsigned __int128)s * s > v) --s;
    while ((unsigned __int128)(s + 1) * (s + 1) <= v) ++s;
    return s;
}

static char buf[1 << 25];

int main() {
    size_t len = fread(buf, 1, sizeof(buf) - 1, stdin);
    buf[len] = 0;
    char *p = buf;
    auto next = [&]() -> int64_t {
        while (*p && (*p < '0' || *p > '9')) ++p;
        int64_t v = 0;
        while (*p >= '0' && *p <= '9') v = v * 10 + (*p++ - '0');
        return v;
    };
    int64_t t = next();
    static char out[1 << 20];
    size_t o = 0;
    for (int64_t i = 0; i < t; ++i) {
        int64_t x = next(), y = next(), k = next();
        if (x > y) { int64_t tmp = x; x = y; y = tmp; }
        int64_t r = k + 1, d = y - x;
        bool losing = false;
        if (d % r == 0) {
            uint64_t n = (uint64_t)(d / r);
            uint64_t s = isqrt_u64(n * n * (uint64_t)(r * r + 4));
            int64_t num = (int64_t)n * (2 - r) + (int64_t)s;  // never negative: s >= n * r
            losing = (num / 2 == x);
        }
        out[o++] = losing ? '2' : '1';
        out[o++] = '\n';
    }
    fwrite(out, 1, o, stdout);
    return 0;
}
