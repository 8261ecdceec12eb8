#include <cstdio>
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    long long prefix[100];
    prefix[0] = 0;
    for (int i = 1; i <= n; i++) {
        long long x;
        scanf("%lld", &x);
        prefix[i] = prefix[i - 1] + x; // BUG: prefix[100] when n = 100
    }
    printf("%lld\n", prefix[n]);
}
