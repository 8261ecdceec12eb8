// Counting sort by value, from a misread bound (|a_i| <= 10^8): 2 * 10^8 + 1 int counters are
// 800 MB, far past the 256 MiB limit, and filled with zeros before any input is read. Kattis
// has no memory-limit verdict: a memory overrun counts as a run-time error.
#include <cstdio>
#include <vector>

int main() {
    const long long offset = 100000000;
    std::vector<int> count(2 * offset + 1);
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; ++i) {
        long long a;
        std::scanf("%lld", &a);
        ++count[a + offset];
    }
    for (long long v = 2 * offset; v >= 0; --v) {
        if (count[v] > 0) {
            std::printf("%lld\n", v - offset);
            break;
        }
    }
}
