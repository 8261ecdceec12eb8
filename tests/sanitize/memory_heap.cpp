// The sum (see README.md) with a 96 MiB vector: 1.5x a 64 MiB limit.
#include <cstdio>
#include <vector>
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    std::vector<char> big(96 << 20);
    for (size_t i = 0; i < big.size(); i += 4096) big[i] = 1;
    long long s = 0;
    for (int i = 0; i < n; i++) {
        long long x;
        scanf("%lld", &x);
        s += x + big[(size_t)i * 4096] - 1;
    }
    printf("%lld\n", s);
}
