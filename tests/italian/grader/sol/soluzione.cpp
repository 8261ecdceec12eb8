#include "prodotto.h"
int massimo(int n, const int* v) {
    int best = v[0];
    for (int i = 1; i < n; i++)
        if (v[i] > best) best = v[i];
    return best;
}
