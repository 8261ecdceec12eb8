// Closed form, but for A < B first stores every Petyr move (pile, new size) in a vector, then tests each in O(1).
// Memory limit exceeded: n * min(A, X_i) moves of 8 bytes; a large input with A < B (e.g. n = 10^5, A = 10^4) needs ~8 GB.
#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
    long long n, a, b;
    if (scanf("%lld %lld %lld", &n, &a, &b) != 3) return 0;
    std::vector<long long> x(n);
    for (auto &v : x) scanf("%lld", &v);
    long long m = a < b ? a : b, total = 0, big = 0;
    for (long long v : x) {
        total ^= v;
        if (v > m) ++big;
    }
    bool petyr = false;
    if (a == b) {
        long long g = 0;
        for (long long v : x) g ^= v % (a + 1);
        petyr = g != 0;
    } else if (a > b) {
        petyr = !(big == 0 && total == 0);
    } else {
        struct Move {
            int32_t pile;
            int32_t left;
        };
        std::vector<Move> moves;
        for (long long i = 0; i < n; ++i)
            for (long long take = 1; take <= a && take <= x[i]; ++take)
                moves.push_back({(int32_t)i, (int32_t)(x[i] - take)});
        for (const Move &mv : moves) {
            long long v = x[mv.pile], rest = total ^ v;
            long long others_big = big - (v > m ? 1 : 0);
            if (others_big == 0 && mv.left <= m && (rest ^ mv.left) == 0) {
                petyr = true;
                break;
            }
        }
    }
    puts(petyr ? "Petyr" : "Varys");
    return 0;
}
