// Builds the P-positions per k by the greedy mex construction with one byte per pile value up to the largest smaller pile.
// Memory limit exceeded: the zero-initialised byte table is touched at once, ~1 GiB when a pile is near 10^9 (random max inputs).
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    std::vector<long long> lo(t), hi(t);
    std::vector<int> kk(t);
    std::vector<char> answer(t, '1');
    long long limit = 0;
    for (int i = 0; i < t; ++i) {
        long long x, y;
        scanf("%lld %lld %d", &x, &y, &kk[i]);
        lo[i] = std::min(x, y);
        hi[i] = std::max(x, y);
        limit = std::max(limit, lo[i]);
    }
    // is_b[v] != 0: v is already the larger member of some P-position; one table for all k.
    std::vector<char> is_b(limit + 2);
    for (int k = 0; k <= 12; ++k) {
        std::vector<int> ids;
        for (int i = 0; i < t; ++i)
            if (kk[i] == k) ids.push_back(i);
        if (ids.empty()) continue;
        std::sort(ids.begin(), ids.end(), [&](int a, int b) { return lo[a] < lo[b]; });
        std::fill(is_b.begin(), is_b.end(), 0);
        long long r = k + 1;
        size_t q = 0;
        long long a = 0;
        for (long long n = 0; q < ids.size(); ++n) {
            if (n > 0) {
                ++a;
                while (is_b[a]) ++a;
            }
            long long b = a + r * n;
            if (b <= limit) is_b[b] = 1;
            while (q < ids.size() && lo[ids[q]] <= a) {
                int i = ids[q++];
                if (lo[i] == a && hi[i] == b) answer[i] = '2';
            }
        }
    }
    for (int i = 0; i < t; ++i) {
        putchar(answer[i]);
        putchar('\n');
    }
    return 0;
}
