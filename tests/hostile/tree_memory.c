/* Forks 8 children that each touch 128 MiB (1 GiB in all, each far below a 256 MiB limit on
 * its own) and wait; the parent waits for them. Only a judge that measures the whole process
 * tree sees it over the limit. */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
int main(void) {
    for (int i = 0; i < 8; i++) {
        pid_t child = fork();
        if (child < 0) return 1;
        if (child == 0) {
            size_t size = (size_t)128 << 20;
            /* volatile: the compiler must not drop writes to memory nobody reads */
            volatile char *block = malloc(size);
            if (!block) _exit(1);
            for (size_t at = 0; at < size; at += 4096) block[at] = 1;
            for (;;) pause();
        }
    }
    while (wait(NULL) > 0) {
    }
    return 0;
}
