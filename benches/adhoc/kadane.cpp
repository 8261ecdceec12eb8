// Candidate of the ad-hoc benchmark: Kadane's maximum subarray sum (correct).
#include <algorithm>
#include <cstdio>
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    long long best = -1e18, run = 0;
    for (int i = 0; i < n; i++) {
        long long x;
        scanf("%lld", &x);
        run = std::max(run + x, x);
        best = std::max(best, run);
    }
    printf("%lld\n", best);
}
