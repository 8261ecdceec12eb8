#include "prod.h"

long long multiply(int a, int b) {
    long long x = a;
    return x * (long long)b;
}
