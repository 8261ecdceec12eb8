/* Starts 32 children that each start a grandchild; those 64 processes append their pids to the
 * file named by argv[1] and sleep, while the parent spins. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
static void note_pid(const char *path) {
    char line[32];
    int n = snprintf(line, sizeof line, "%d\n", (int)getpid());
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
    write(fd, line, n);
    close(fd);
}
int main(int argc, char **argv) {
    if (argc < 2) return 1;
    for (int i = 0; i < 32; i++) {
        pid_t child = fork();
        if (child < 0) return 1;
        if (child == 0) {
            fork();
            note_pid(argv[1]);
            for (;;) pause();
        }
    }
    volatile unsigned long x = 0;
    for (;;) x++;
}
