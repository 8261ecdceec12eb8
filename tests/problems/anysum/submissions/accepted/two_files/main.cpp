// A submission made of two files (a program folder): main.cpp and split.h.
#include <cstdio>

#include "split.h"

int main() {
    unsigned long long n;
    std::scanf("%llu", &n);
    unsigned long long a = first_part(n);
    std::printf("%llu %llu\n", a, n - a);
}
