// Asks every number in turn: too many queries.
#include <cstdio>
int main() {
    long n;
    std::scanf("%ld", &n);
    for (long y = 1; y <= n; ++y) {
        std::printf("? %ld\n", y);
        std::fflush(stdout);
        char r[4];
        if (std::scanf("%3s", r) != 1) return 0;
        if (r[0] == '=') { std::printf("! %ld\n", y); return 0; }
    }
}
