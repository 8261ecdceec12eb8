/* Burns argv[1] milliseconds of CPU time (300 by default), measured by clock(). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
    long ms = argc > 1 ? atol(argv[1]) : 300;
    volatile unsigned long x = 0;
    while (clock() < ms * (CLOCKS_PER_SEC / 1000)) x++;
    printf("%lu\n", x > 0);
    return 0;
}
