/* A calibrated candidate: burns a given amount of CPU time, then prints `burnt:MS`.
 *
 * MS (milliseconds, 0..600000) is argv[1], or read from stdin when there is no argument, so the
 * same program can be judged as a candidate on an input holding the number. The time is the
 * process's own CPU clock (CLOCK_PROCESS_CPUTIME_ID, nanosecond resolution, counting from the
 * process's start), so a run costs MS of CPU however slowly it is scheduled; it stops within a
 * few microseconds past the target. On exit it writes its own final CPU time to stderr as
 * `self_cpu_us=N`, a reference the harness's measurement can be compared with.
 *
 * Exit code 2 on a missing or malformed MS. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Spins between clock reads: about 10-50 us of work, so clock syscalls cost well under 1 % and
 * the overshoot stays in microseconds. */
#define SPINS_PER_CHECK 20000

static long long cpu_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return -1;
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv) {
    long ms;
    char *end = NULL;
    if (argc > 1) {
        ms = strtol(argv[1], &end, 10);
        if (end == argv[1] || *end != '\0') ms = -1;
    } else if (scanf("%ld", &ms) != 1) {
        ms = -1;
    }
    if (ms < 0 || ms > 600000) {
        fputs("burn: expected a time in milliseconds, 0..600000\n", stderr);
        return 2;
    }
    const long long target = (long long)ms * 1000000LL;
    volatile unsigned long sink = 0;
    long long now;
    while ((now = cpu_ns()) >= 0 && now < target) {
        for (int i = 0; i < SPINS_PER_CHECK; i++) sink += (unsigned long)i;
    }
    if (now < 0) {
        perror("burn: clock_gettime");
        return 3;
    }
    printf("burnt:%ld\n", ms);
    fflush(stdout);
    fprintf(stderr, "self_cpu_us=%lld\n", cpu_ns() / 1000);
    return 0;
}
