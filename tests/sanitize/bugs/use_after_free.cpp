#include <cstdio>
#include <vector>
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    std::vector<int> a;
    a.push_back(0);
    int* first = &a[0];
    for (int i = 0; i < n; i++) {
        int x;
        scanf("%d", &x);
        a.push_back(x);
    }
    long long s = *first; // BUG: the vector has moved, `first` points to freed memory
    for (int i = 1; i <= n; i++) s += a[i];
    printf("%lld\n", s);
}
