// Builds the P-positions (a_n, a_n + r n) per k by the greedy mex construction up to the largest smaller pile, one bit per value.
// Time limit exceeded: correct, but the scan is linear in the pile size (~10^9 steps per k on random max inputs, 125 MB bitset).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    std::vector<long long> lo(t), hi(t);
    std::vector<int> kk(t);
    std::vector<char> answer(t, '1');
    for (int i = 0; i < t; ++i) {
        long long x, y;
        scanf("%lld %lld %d", &x, &y, &kk[i]);
        lo[i] = std::min(x, y);
        hi[i] = std::max(x, y);
    }
    for (int k = 0; k <= 12; ++k) {
        std::vector<int> ids;
        for (int i = 0; i < t; ++i)
            if (kk[i] == k) ids.push_back(i);
        if (ids.empty()) continue;
        std::sort(ids.begin(), ids.end(), [&](int a, int b) { return lo[a] < lo[b]; });
        long long limit = lo[ids.back()];
        long long r = k + 1;
        // taken[v]: v is already some b_j (values above the largest smaller pile are never needed).
        std::vector<uint64_t> taken(limit / 64 + 2, 0);
        size_t q = 0;
        long long a = 0;
        for (long long n = 0; q < ids.size(); ++n) {
            if (n > 0) {
                ++a;
                while (taken[a >> 6] >> (a & 63) & 1) ++a;
            }
            long long b = a + r * n;
            if (b <= limit) taken[b >> 6] |= 1ULL << (b & 63);
            while (q < ids.size() && lo[ids[q]] <= a) {
                int i = ids[q++];
                if (lo[i] == a && hi[i] == b) answer[i] = '2';
            }
        }
    }
    std::vector<char> out;
    out.reserve(2 * t);
    for (int i = 0; i < t; ++i) {
        out.push_back(answer[i]);
        out.push_back('\n');
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
