// A testlib-convention interactor for "guess the number", written without testlib.h:
//   interactor INPUT OUTPUT ANSWER      (stdin: the solution's output, stdout: its input)
// INPUT holds `n x`. It sends n, answers `? y` queries (at most 12) with `<`, `>` or `=`,
// and writes the solution's final `! y` to OUTPUT for the checker. Exit 0 OK (the protocol
// was followed; the checker judges the answer), 1 WA (too many queries, no answer), 2 PE (a
// malformed line), 3 FAIL (the input is broken).
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

enum Code { OK = 0, WA = 1, PE = 2, FAIL = 3 };

[[noreturn]] static void quit(Code code, const char* message) {
    std::fprintf(stderr, "%s\n", message);
    std::exit(code);
}

int main(int argc, char** argv) {
    if (argc < 4) quit(FAIL, "usage: interactor INPUT OUTPUT ANSWER");
    std::signal(SIGPIPE, SIG_IGN);
    long n, x;
    FILE* in = std::fopen(argv[1], "r");
    if (!in || std::fscanf(in, "%ld %ld", &n, &x) != 2) quit(FAIL, "bad input file");
    std::printf("%ld\n", n);
    std::fflush(stdout);
    for (int queries = 0;; ++queries) {
        char kind[8];
        long y;
        if (std::scanf("%7s", kind) != 1) quit(WA, "no final answer");
        if (std::scanf("%ld", &y) != 1) quit(PE, "a query without a number");
        if (std::strcmp(kind, "!") == 0) {
            FILE* out = std::fopen(argv[2], "w");
            if (!out) quit(FAIL, "cannot write OUTPUT");
            std::fprintf(out, "%ld\n", y);
            std::fclose(out);
            quit(OK, "answered");
        }
        if (std::strcmp(kind, "?") != 0) quit(PE, "expected ? or !");
        if (queries == 12) quit(WA, "too many queries");
        std::printf("%s\n", x < y ? "<" : x > y ? ">" : "=");
        std::fflush(stdout);
    }
}
