#include <cstdio>
int a[100];
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    int biggest = 0, split;
    for (int i = 0; i < n; i++) {
        scanf("%d", &a[i]);
        if (a[i] > biggest) biggest = a[i], split = i;
    }
    long long s = 0;
    for (int i = 0; i < n; i++) {
        if (i == 0) s += a[split]; // BUG: `split` is never set when every number is <= 0
        if (i != split) s += a[i];
    }
    printf("%lld\n", s);
}
