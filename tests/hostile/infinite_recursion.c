/* Recurses without end, touching each frame: overflows whatever stack it is given. */
#include <stdio.h>
static int depth(volatile char *prev) {
    volatile char frame[256];
    frame[0] = prev ? prev[0] + 1 : 0;
    return depth(frame) + frame[1];
}
int main(void) {
    printf("%d\n", depth(0));
    return 0;
}
