/* Leaves a child behind that holds stdout open and sleeps; the child's pid goes to stderr. */
#include <stdio.h>
#include <unistd.h>
int main(void) {
    int ready[2];
    if (pipe(ready) != 0) return 1;
    pid_t child = fork();
    if (child < 0) return 1;
    if (child == 0) {
        fprintf(stderr, "child %d\n", (int)getpid());
        fflush(stderr);
        close(ready[1]);
        for (;;) sleep(1000);
    }
    close(ready[1]);
    char c;
    read(ready[0], &c, 1); /* returns once the child has written its pid */
    puts("done");
    return 0;
}
