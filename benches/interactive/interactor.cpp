// Benchmark interactor (Kattis convention): interactor INPUT ANSWER FEEDBACK_DIR. INPUT holds
// Q; it sends Q, answers each `? i` with 2i + 1, and accepts (42) the right sum.
#include <cstdio>
int main(int argc, char** argv) {
    if (argc < 4) return 1;
    FILE* in = std::fopen(argv[1], "r");
    long q;
    if (!in || std::fscanf(in, "%ld", &q) != 1) return 1;
    std::printf("%ld\n", q);
    std::fflush(stdout);
    long long want = 0;
    for (long i = 0; i < q; ++i) {
        char c;
        long k;
        if (std::scanf(" %c %ld", &c, &k) != 2 || c != '?') return 43;
        want += 2 * k + 1;
        std::printf("%ld\n", 2 * k + 1);
        std::fflush(stdout);
    }
    char c;
    long long got;
    if (std::scanf(" %c %lld", &c, &got) != 2 || c != '!' || got != want) return 43;
    return 42;
}
