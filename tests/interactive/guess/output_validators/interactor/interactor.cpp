// Kattis-convention interactor for "guess the number":
//   interactor INPUT ANSWER FEEDBACK_DIR < submission's output > submission's input
// INPUT holds `n x`: the range 1..n and the hidden number x. The interactor sends n; the
// submission asks `? y` (answered `<` if x < y, `>` if x > y, `=` if x == y) at most 12
// times, then answers `! y`. Exit 42 accepts, 43 rejects with feedback/judgemessage.txt.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

static std::string feedback;

[[noreturn]] static void verdict(int code, const char* message) {
    if (FILE* f = std::fopen((feedback + "judgemessage.txt").c_str(), "w")) {
        std::fprintf(f, "%s\n", message);
        std::fclose(f);
    }
    std::exit(code);
}

int main(int argc, char** argv) {
    if (argc < 4) return 1;
    std::signal(SIGPIPE, SIG_IGN);
    feedback = argv[3];
    long n, x;
    FILE* in = std::fopen(argv[1], "r");
    if (!in || std::fscanf(in, "%ld %ld", &n, &x) != 2) return 1;
    std::printf("%ld\n", n);
    std::fflush(stdout);
    for (int queries = 0;; ++queries) {
        char kind[8];
        long y;
        int got = std::scanf("%7s", kind);
        if (got != 1) verdict(43, "the submission ended before answering");
        if (std::scanf("%ld", &y) != 1) verdict(43, "malformed query: no number");
        if (std::strcmp(kind, "!") == 0) {
            if (y != x) verdict(43, "wrong final answer");
            char extra[2];
            if (std::scanf("%1s", extra) == 1) verdict(43, "extra output after the final answer");
            verdict(42, "correct");
        }
        if (std::strcmp(kind, "?") != 0) verdict(43, "malformed query: expected ? or !");
        if (queries == 12) verdict(43, "too many queries");
        std::printf("%s\n", x < y ? "<" : x > y ? ">" : "=");
        std::fflush(stdout);
    }
}
