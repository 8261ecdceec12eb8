#include <cstdio>
int main() {
    long n;
    std::scanf("%ld", &n);
    long lo = 1, hi = n;
    while (lo < hi) {
        long mid = (lo + hi) / 2;
        std::printf("? %ld\n", mid);
        std::fflush(stdout);
        char r[4];
        std::scanf("%3s", r);
        if (r[0] == '=') { lo = hi = mid; break; }
        if (r[0] == '<') hi = mid - 1; else lo = mid + 1;
    }
    std::printf("! %ld\n", lo);
    std::printf("thanks\n");
}
