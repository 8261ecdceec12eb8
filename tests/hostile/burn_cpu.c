/* Burns argv[1] milliseconds of CPU time (300 by default), measured by clock(); with a second
 * argument `child`, a forked child burns it while the parent waits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
static void burn(long ms) {
    volatile unsigned long x = 0;
    while (clock() < ms * (CLOCKS_PER_SEC / 1000)) x++;
}
int main(int argc, char **argv) {
    long ms = argc > 1 ? atol(argv[1]) : 300;
    if (argc > 2 && strcmp(argv[2], "child") == 0) {
        pid_t child = fork();
        if (child < 0) return 1;
        if (child == 0) {
            burn(ms);
            _exit(0);
        }
        waitpid(child, NULL, 0);
    } else {
        burn(ms);
    }
    puts("burnt");
    return 0;
}
