// The sum (see README.md), after a forked child that fills a 96 MiB vector (1.5x a 64 MiB
// limit) and exits: the basic sandbox does not sample a child's memory, but the child
// inherits the sanitized build's own-memory count, which stops it past the limit.
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>
int main() {
    if (fork() == 0) {
        std::vector<char> big(96 << 20, 1);
        return big[12345] - 1;
    }
    wait(nullptr);
    int n;
    if (scanf("%d", &n) != 1) return 0;
    long long s = 0;
    for (int i = 0; i < n; i++) {
        long long x;
        if (scanf("%lld", &x) == 1) s += x;
    }
    printf("%lld\n", s);
}
