/* Forks a child that leaves the process group and session (setsid), appends its pid to the
 * file named by argv[1] and sleeps; the parent exits once the pid is written. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
    if (argc < 2) return 1;
    int ready[2];
    if (pipe(ready) != 0) return 1;
    pid_t child = fork();
    if (child < 0) return 1;
    if (child == 0) {
        setsid();
        char line[32];
        int n = snprintf(line, sizeof line, "%d\n", (int)getpid());
        int fd = open(argv[1], O_WRONLY | O_APPEND | O_CREAT, 0644);
        write(fd, line, n);
        close(fd);
        close(ready[1]);
        for (;;) sleep(1000);
    }
    close(ready[1]);
    char c;
    read(ready[0], &c, 1);
    puts("escaped");
    return 0;
}
