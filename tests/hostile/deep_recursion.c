/* Recurses 400000 deep with ~256-byte frames (about 100 MiB of stack), as a deep DFS would:
 * fine on judges whose stack limit is the memory limit. Prints the depth reached. */
#include <stdio.h>
static long down(long n, volatile char *prev) {
    volatile char frame[200];
    frame[0] = prev ? prev[0] : 1;
    if (n == 0) return frame[0];
    return down(n - 1, frame) + frame[0];
}
int main(void) {
    printf("%ld\n", down(400000, 0));
    return 0;
}
