// Exits with code 0 without answering.
#include <cstdio>
int main() {
    long n;
    std::scanf("%ld", &n);
    return 0;
}
