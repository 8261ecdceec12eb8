// Closed form, but for A < B tries every Petyr move (pile i, take t <= A) and rescans all n piles to test "all <= m and XOR = 0".
// Time limit exceeded: correct, but O(n^2 * min(A, X)) work; a max input with A < B needs >= 10^10 steps.
#include <cstdio>
#include <vector>

int main() {
    long long n, a, b;
    if (scanf("%lld %lld %lld", &n, &a, &b) != 3) return 0;
    std::vector<long long> x(n);
    for (auto &v : x) scanf("%lld", &v);
    long long m = a < b ? a : b;
    bool petyr = false;
    if (a == b) {
        long long g = 0;
        for (long long v : x) g ^= v % (a + 1);
        petyr = g != 0;
    } else if (a > b) {
        long long total = 0;
        bool all_small = true;
        for (long long v : x) {
            total ^= v;
            if (v > m) all_small = false;
        }
        petyr = !(all_small && total == 0);
    } else {
        for (long long i = 0; i < n && !petyr; ++i) {
            for (long long take = 1; take <= a && take <= x[i] && !petyr; ++take) {
                // Varys (larger bound) to move loses iff all piles <= m and their XOR is 0.
                long long total = 0;
                bool all_small = true;
                for (long long j = 0; j < n; ++j) {
                    long long v = j == i ? x[j] - take : x[j];
                    total ^= v;
                    if (v > m) all_small = false;
                }
                if (all_small && total == 0) petyr = true;
            }
        }
    }
    puts(petyr ? "Petyr" : "Varys");
    return 0;
}
