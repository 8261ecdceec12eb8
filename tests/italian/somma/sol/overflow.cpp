// Adds in 32 bits: wrong once the sum passes 2^31 - 1.
// @check-accepted: samples small
// @check-wrong-answer: big
#include <cstdio>
int main() {
    int a, b;
    std::scanf("%d %d", &a, &b);
    std::printf("%d\n", a + b);
}
