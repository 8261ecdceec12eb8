// The function every solution implements: the largest of the numbers.
int massimo(int n, const int* v);
