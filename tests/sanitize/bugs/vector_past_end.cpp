#include <cstdio>
#include <vector>
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    std::vector<long long> a;
    a.reserve(128);
    a.resize(n);
    for (int i = 0; i < n; i++) scanf("%lld", &a[i]);
    long long s = 0;
    for (int i = 0; i <= n; i++) s += a[i]; // BUG: a[n] is past the end (inside the capacity)
    printf("%lld\n", s);
}
