/* Closes stdin before reading anything, then answers. */
#include <stdio.h>
#include <unistd.h>
int main(void) {
    close(0);
    puts("closed");
    return 0;
}
