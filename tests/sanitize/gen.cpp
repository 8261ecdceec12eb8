#include <cstdio>
#include <cstdlib>
// Random inputs: sometimes all negative, sometimes n = 100, sometimes huge values.
int main(int argc, char** argv) {
    unsigned long long seed = argc > 1 ? strtoull(argv[1], nullptr, 10) : 1;
    unsigned long long state = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    auto next = [&]() {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return state >> 33;
    };
    int shape = next() % 4;
    int n = shape == 1 ? 100 : 1 + next() % 10;
    printf("%d\n", n);
    for (int i = 0; i < n; i++) {
        long long x = shape == 2 ? 1000000000 - (long long)(next() % 10)
                    : (long long)(next() % 21) - 10;
        if (shape == 3) x = -1 - (long long)(next() % 10);
        printf("%lld%c", x, i + 1 == n ? '\n' : ' ');
    }
}
