/* Treats the game as impartial with Petyr's bound only: first player wins iff XOR of X_i mod (A + 1) != 0.
   Wrong answer: correct only when A = B (it passes both samples); e.g. "1 2 1 / 3" is a Petyr win (he takes 1, leaving a pile > 1 for Varys) but prints Varys. */
#include <stdio.h>

int main(void) {
    long long n, a, b, g = 0;
    if (scanf("%lld %lld %lld", &n, &a, &b) != 3) return 0;
    for (long long i = 0; i < n; ++i) {
        long long v;
        if (scanf("%lld", &v) != 1) return 0;
        g ^= v % (a + 1);
    }
    puts(g != 0 ? "Petyr" : "Varys");
    return 0;
}
