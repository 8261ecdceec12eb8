// Asks without the question mark.
#include <cstdio>
int main() {
    long n;
    std::scanf("%ld", &n);
    std::printf("guess %ld\n", n / 2);
    std::fflush(stdout);
    char r[4];
    std::scanf("%3s", r);
}
