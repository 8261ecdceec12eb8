#include <cstdio>
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    int* a = new int[n];
    for (int i = 0; i < n; i++) scanf("%d", &a[i]);
    long long s = 0;
    for (int i = 0; i <= n; i++) s += a[i]; // BUG: reads a[n]
    printf("%lld\n", s);
}
