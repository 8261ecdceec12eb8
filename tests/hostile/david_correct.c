/* A correct David vs David solution (the exact integer formula of
 * solutions/david-vs-david/accepted/isqrt_beatty.cpp, in C), with switches that make it
 * misbehave *around* a correct output. The test prepends `#define`s to a copy of this file:
 *   EXIT_CODE n  - print every answer, then exit with code n;
 *   CRLF_SPACES  - print each answer as "  A \r\n" (extra spaces, CRLF line ends);
 *   PID_FILE "p" - first fork a child that appends its pid to file p, keeps stdout open and
 *                  sleeps forever; the answers are printed once the pid is written.
 *
 * Generalized Wythoff with r = k + 1: (x, y), x <= y, is a P-position iff d = y - x is a
 * multiple of r and x == floor((n (2 - r) + isqrt(n^2 (r^2 + 4))) / 2) with n = d / r. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#ifndef EXIT_CODE
#define EXIT_CODE 0
#endif

/* floor(sqrt(v)), exactly, by bisection on 128-bit squares. */
static uint64_t isqrt_u64(uint64_t v) {
    uint64_t lo = 0, hi = 1ull << 32; /* lo^2 <= v < hi^2 */
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if ((unsigned __int128)mid * mid <= v)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static int first_player_loses(int64_t x, int64_t y, int64_t k) {
    if (x > y) {
        int64_t t = x;
        x = y;
        y = t;
    }
    int64_t r = k + 1, d = y - x;
    if (d % r != 0) return 0;
    uint64_t n = (uint64_t)(d / r);
    uint64_t s = isqrt_u64(n * n * (uint64_t)(r * r + 4));
    int64_t num = (int64_t)n * (2 - r) + (int64_t)s; /* s >= n r, so num >= 0 */
    return num / 2 == x;
}

#ifdef PID_FILE
/* Leaves a child behind holding stdout; returns once the child has recorded its pid. */
static void leave_child_behind(void) {
    int ready[2];
    if (pipe(ready) != 0) _exit(4);
    pid_t child = fork();
    if (child < 0) _exit(4);
    if (child == 0) {
        char line[32];
        int len = snprintf(line, sizeof line, "%d\n", (int)getpid());
        int fd = open(PID_FILE, O_WRONLY | O_APPEND | O_CREAT, 0644);
        if (fd >= 0) {
            if (write(fd, line, (size_t)len) != len) _exit(4);
            close(fd);
        }
        close(ready[1]);
        for (;;) pause();
    }
    close(ready[1]);
    char c;
    if (read(ready[0], &c, 1) < 0) _exit(4); /* end of file once the child closed its end */
    close(ready[0]);
}
#endif

int main(void) {
#ifdef PID_FILE
    leave_child_behind();
#endif
    long t;
    if (scanf("%ld", &t) != 1) return 5;
    for (long i = 0; i < t; i++) {
        long long x, y, k;
        if (scanf("%lld %lld %lld", &x, &y, &k) != 3) return 5;
        int answer = first_player_loses(x, y, k) ? 2 : 1;
#ifdef CRLF_SPACES
        printf("  %d \r\n", answer);
#else
        printf("%d\n", answer);
#endif
    }
    fflush(stdout);
    return EXIT_CODE;
}
