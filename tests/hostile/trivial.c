/* The smallest honest solution: read two numbers, print their sum. */
#include <stdio.h>
int main(void) {
    long a = 0, b = 0;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    printf("%ld\n", a + b);
    return 0;
}
