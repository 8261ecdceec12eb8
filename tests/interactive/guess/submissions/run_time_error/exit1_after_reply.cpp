// Reads one reply, then exits with code 1.
#include <cstdio>
int main() {
    long n;
    std::scanf("%ld", &n);
    std::printf("? 1\n");
    std::fflush(stdout);
    char r[4];
    std::scanf("%3s", r);
    return 1;
}
