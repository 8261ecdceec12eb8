/* The sum (see README.md), after touching 1 GiB of memory mapped without malloc: only the
 * resident size sees it, so the backstop (4x a 64 MiB limit + 512 MiB) stops it. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
int main(void) {
    size_t size = (size_t)1 << 30;
    char *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return 1;
    for (size_t i = 0; i < size; i += 4096) p[i] = 1;
    int n;
    if (scanf("%d", &n) != 1) return 0;
    long long s = 0;
    for (int i = 0; i < n; i++) {
        long long x;
        if (scanf("%lld", &x) == 1) s += x + p[(size_t)i * 4096] - 1;
    }
    printf("%lld\n", s);
    return 0;
}
