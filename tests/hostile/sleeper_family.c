/* Forks a child; both append their pids to the file named by argv[1], then sleep forever. */
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
    if (fork() < 0) return 1;
    note_pid(argv[1]);
    for (;;) pause();
}
