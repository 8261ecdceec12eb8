// n / 2 and the rest.
#include <cstdio>

int main() {
    unsigned long long n;
    std::scanf("%llu", &n);
    std::printf("%llu %llu\n", n / 2, n - n / 2);
}
