// Game of Stones with two distinct bugs, for the failure groups of `stress --keep-going`: with
// an even number of piles it always answers Petyr (wrong whenever Varys wins: one wrong-answer
// class), and with an odd multiple of three piles it dereferences a null pointer (a crash,
// SIGSEGV). Everything else is the closed form of
// solutions/game-of-stones/accepted/closed_form.cpp.
#include <cstdio>
#include <vector>

int main() {
    long long n, a, b;
    if (scanf("%lld %lld %lld", &n, &a, &b) != 3) return 1;
    std::vector<long long> x(n);
    for (auto &v : x) scanf("%lld", &v);
    volatile int *nothing = nullptr;
    if (n % 3 == 0 && n % 2 == 1) *nothing = 1;
    bool petyr;
    if (a == b) {
        long long g = 0;
        for (long long v : x) g ^= v % (a + 1);
        petyr = g != 0;
    } else {
        long long m = a < b ? a : b, total = 0, big = 0;
        for (long long v : x) {
            total ^= v;
            if (v > m) ++big;
        }
        if (a > b) {
            petyr = !(big == 0 && total == 0);
        } else {
            petyr = false;
            for (long long v : x) {
                long long rest = total ^ v;
                long long others_big = big - (v > m ? 1 : 0);
                if (others_big == 0 && rest <= m && v - rest >= 1 && v - rest <= m) {
                    petyr = true;
                    break;
                }
            }
        }
    }
    if (n % 2 == 0) petyr = true;
    puts(petyr ? "Petyr" : "Varys");
    return 0;
}
