#include <cstdio>
#include "prod.h"

int main() {
    int a, b;
    if (scanf("%d %d", &a, &b) != 2) return 1;
    printf("%lld\n", multiply(a, b));
    return 0;
}
