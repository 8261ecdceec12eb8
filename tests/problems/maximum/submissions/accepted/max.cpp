// Reads the n values and keeps the largest; the first value starts the maximum, so
// all-negative arrays work.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    long long best = 0;
    for (int i = 0; i < n; ++i) {
        long long a;
        std::scanf("%lld", &a);
        if (i == 0 || a > best) best = a;
    }
    std::printf("%lld\n", best);
}
