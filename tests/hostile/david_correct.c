/* A correct David vs David solution (the exact integer formula of
 * solutions/david-vs-david/accepted/isqrt_beatty.cpp, in C), with switches that make it
 * misbehave *around* a correct output. The test prepends `#define`s to a copy of this file:
 *   EXIT_CODE n  - print every answer, then exit with code n;
 *   CRLF_SPACES  - print each answer as "  A \r\n" (extra spaces, CRLF line ends);
 *   PID_FILE "p" - first fork a child that appends its pid to file p, keeps stdout open and
 *                  sleeps forever; the answers are printed once the pid is written;
 *   SLEEPERS n, MARKER "m" - first fork n children named m (their comm) that sleep forever,
 *                  until a fork fails; exit 43 after the answers if all n forks succeeded
 *                  (a contained judge caps the processes of a run);
 *   DAEMON, MARKER "m" - first start a daemon named m (fork, setsid, fork) that sleeps
 *                  forever and holds no standard stream;
 *   ESCAPE_PORT p, ESCAPE_HOME "f", ESCAPE_CACHE "f", ESCAPE_TMP "f" - first try to get out:
 *                  connect to 127.0.0.1:p, create the three files, look in /proc for the
 *                  harness (a `stressjudge judge` process), send SIGKILL to the parent and to
 *                  every process (-1); exit 42 after the answers if the connection, a file
 *                  outside /tmp or the harness was reached. Each attempt is told on stderr.
 *
 * Generalized Wythoff with r = k + 1: (x, y), x <= y, is a P-position iff d = y - x is a
 * multiple of r and x == floor((n (2 - r) + isqrt(n^2 (r^2 + 4))) / 2) with n = d / r. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
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

#ifdef SLEEPERS
/* Forks sleepers until one fork fails; returns how many were started. */
static int fork_sleepers(void) {
    int started = 0;
    for (; started < SLEEPERS; started++) {
        pid_t child = fork();
        if (child < 0) {
            fprintf(stderr, "fork %d failed: %s\n", started + 1, strerror(errno));
            break;
        }
        if (child == 0) {
            prctl(PR_SET_NAME, MARKER, 0, 0, 0);
            for (;;) pause();
        }
    }
    fprintf(stderr, "started %d of %d sleepers\n", started, SLEEPERS);
    return started;
}
#endif

#ifdef DAEMON
/* The classic daemon: fork, new session, fork again; the parent waits for the middle one. */
static void start_daemon(void) {
    pid_t middle = fork();
    if (middle < 0) _exit(4);
    if (middle == 0) {
        setsid();
        if (fork() == 0) {
            prctl(PR_SET_NAME, MARKER, 0, 0, 0);
            for (int fd = 0; fd < 3; fd++) close(fd);
            for (;;) pause();
        }
        _exit(0);
    }
    int status;
    waitpid(middle, &status, 0);
}
#endif

#ifdef ESCAPE_PORT
/* Whether creating and writing file `path` worked. */
static int wrote(const char *path) {
    FILE *f = fopen(path, "w");
    int ok = f && fputs("escaped\n", f) >= 0 && fclose(f) == 0;
    fprintf(stderr, "write %s: %s\n", path, ok ? "done" : strerror(errno));
    return ok;
}

/* Whether a `stressjudge judge` process is visible in /proc. */
static int harness_visible(void) {
    DIR *proc = opendir("/proc");
    int found = 0, listed = 0;
    for (struct dirent *e; proc && (e = readdir(proc));) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        listed++;
        char path[300], cmd[4096];
        snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
        int fd = open(path, O_RDONLY);
        if (fd < 0) continue;
        ssize_t n = read(fd, cmd, sizeof cmd - 1);
        close(fd);
        if (n <= 0) continue;
        cmd[n] = 0;
        const char *second = cmd + strlen(cmd) + 1; /* argv[1] */
        if (strstr(cmd, "stressjudge") && second < cmd + n && strcmp(second, "judge") == 0)
            found = 1;
    }
    if (proc) closedir(proc);
    fprintf(stderr, "processes visible: %d, harness visible: %s\n", listed, found ? "yes" : "no");
    return found;
}

/* Tries every way out; returns whether one worked. */
static int try_to_escape(void) {
    int escaped = 0;
    int s = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons(ESCAPE_PORT)};
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int connected = s >= 0 && connect(s, (struct sockaddr *)&to, sizeof to) == 0;
    fprintf(stderr, "connect 127.0.0.1:%d: %s\n", ESCAPE_PORT, connected ? "done" : strerror(errno));
    escaped |= connected;
    if (s >= 0) close(s);
    wrote(ESCAPE_TMP); /* succeeds in a private /tmp, which the test checks on the host */
    escaped |= wrote(ESCAPE_HOME);
    escaped |= wrote(ESCAPE_CACHE);
    escaped |= harness_visible();
    int parent = kill(getppid(), SIGKILL);
    fprintf(stderr, "kill(parent %d): %s\n", (int)getppid(), parent == 0 ? "sent" : strerror(errno));
    int all = kill(-1, SIGKILL);
    fprintf(stderr, "kill(-1): %s\n", all == 0 ? "sent" : strerror(errno));
    return escaped;
}
#endif

int main(void) {
    int exit_code = EXIT_CODE;
#ifdef PID_FILE
    leave_child_behind();
#endif
#ifdef SLEEPERS
    if (fork_sleepers() == SLEEPERS) exit_code = 43;
#endif
#ifdef DAEMON
    start_daemon();
#endif
#ifdef ESCAPE_PORT
    if (try_to_escape()) exit_code = 42;
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
    return exit_code;
}
