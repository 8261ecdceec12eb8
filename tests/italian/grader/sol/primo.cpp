// Returns the first number: right only when it happens to be the largest.
// @check-wrong-answer: *
#include "prodotto.h"
int massimo(int n, const int* v) { return v[0]; }
