// Binary search that never considers n itself (for n > 1): wrong when the number is n.
#include <cstdio>
int main() {
    long long n;
    if (std::scanf("%lld", &n) != 1) return 1;
    long long lo = 1, hi = n > 1 ? n - 1 : 1;
    while (lo < hi) {
        long long mid = (lo + hi) / 2;
        std::printf("? %lld\n", mid);
        std::fflush(stdout);
        char reply[4];
        if (std::scanf("%3s", reply) != 1) return 1;
        if (reply[0] == '=') lo = hi = mid;
        else if (reply[0] == '<') hi = mid - 1;
        else lo = mid + 1;
    }
    std::printf("! %lld\n", lo);
    std::fflush(stdout);
}
