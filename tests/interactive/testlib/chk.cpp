// testlib-convention checker of the interactor's OUTPUT file: chk INPUT OUTPUT ANSWER.
// OUTPUT is the solution's final guess (written by the interactor), ANSWER the reference's
// answer (the hidden number). Exit 0 OK, 1 WA.
#include <cstdio>
int main(int argc, char** argv) {
    long guess, answer;
    FILE* out = std::fopen(argv[2], "r");
    FILE* ans = std::fopen(argv[3], "r");
    if (!ans || std::fscanf(ans, "%ld", &answer) != 1) { std::fprintf(stderr, "bad answer\n"); return 3; }
    if (!out || std::fscanf(out, "%ld", &guess) != 1) { std::fprintf(stderr, "no guess\n"); return 1; }
    if (guess != answer) { std::fprintf(stderr, "guessed %ld, the number was %ld\n", guess, answer); return 1; }
    return 0;
}
