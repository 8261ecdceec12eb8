// Closed form (m = min(A,B), T = XOR of piles): A = B is Nim mod A+1; the larger bound to move loses iff all piles <= m and T = 0;
// the smaller bound to move wins iff one move reaches that. Accepted: agrees with memoized search on all small cases; O(n).
#include <cstdio>
#include <vector>

static char buf[1 << 24];

int main() {
    size_t len = fread(buf, 1, sizeof(buf) - 1, stdin);
    buf[len] = 0;
    char *p = buf;
    auto next = [&]() -> long long {
        while (*p && (*p < '0' || *p > '9')) ++p;
        long long v = 0;
        while (*p >= '0' && *p <= '9') v = v * 10 + (*p++ - '0');
        return v;
    };
    long long n = next(), a = next(), b = next();
    std::vector<long long> x(n);
    for (auto &v : x) v = next();
    bool petyr;
    if (a == b) {
        long long g = 0;
        for (long long v : x) g ^= v % (a + 1);
        petyr = g != 0;
    } else {
        long long m = a < b ? a : b, total = 0, big = 0;
        for (long long v : x) {
            total ^= v;
            if (v > m) ++big;
        }
        if (a > b) {
            petyr = !(big == 0 && total == 0);
        } else {
            // Petyr (smaller bound) must leave every pile <= m with XOR 0 in one move.
            petyr = false;
            for (long long v : x) {
                long long rest = total ^ v;
                long long others_big = big - (v > m ? 1 : 0);
                if (others_big == 0 && rest <= m && v - rest >= 1 && v - rest <= m) {
                    petyr = true;
                    break;
                }
            }
        }
    }
    puts(petyr ? "Petyr" : "Varys");
    return 0;
}
