#include "prod.h"

// Adds b, a times.
long long multiply(int a, int b) {
    volatile long long sum = 0;
    for (int i = 0; i < a; i++) sum = sum + b;
    return sum;
}
