// Reads the input, calls massimo() and prints its result.
#include <cstdio>
#include <vector>
#include "prodotto.h"
int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::vector<int> v(n);
    for (int& x : v) std::scanf("%d", &x);
    std::printf("%d\n", massimo(n, v.data()));
}
