/* Ignores its (large) stdin completely. */
#include <stdio.h>
int main(void) {
    puts("ignored");
    return 0;
}
