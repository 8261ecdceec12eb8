// Prints n / 2 twice: one short when n is odd.
#include <cstdio>

int main() {
    unsigned long long n;
    std::scanf("%llu", &n);
    std::printf("%llu %llu\n", n / 2, n / 2);
}
