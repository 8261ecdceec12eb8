/* Allocates and touches memory in 64 MiB steps up to 8 GiB: must be stopped as MLE. */
#include <stdlib.h>
#include <string.h>
int main(void) {
    for (int i = 0; i < 128; i++) {
        char *p = malloc(64u << 20);
        if (!p) return 5;
        memset(p, i + 1, 64u << 20);
    }
    return 0;
}
