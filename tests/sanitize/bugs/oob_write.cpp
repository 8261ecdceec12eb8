#include <cstdio>
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    int* a = new int[n];
    for (int i = 1; i <= n; i++) scanf("%d", &a[i]); // BUG: writes a[n]
    long long s = 0;
    for (int i = 1; i <= n; i++) s += a[i];
    printf("%lld\n", s);
}
