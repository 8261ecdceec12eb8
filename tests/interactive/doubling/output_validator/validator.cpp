// Multi-pass output validator: validator INPUT ANSWER FEEDBACK_DIR < output.
// INPUT is `PASS v`; the submission must print 2v. Pass 1 asks for pass 2 on `2 <2v>` by
// writing FEEDBACK_DIR/nextpass.in; pass 2 accepts. Exit 42 / 43.
#include <cstdio>
#include <string>
int main(int argc, char** argv) {
    std::string feedback = argv[3];
    long pass, v, got;
    FILE* in = std::fopen(argv[1], "r");
    if (!in || std::fscanf(in, "%ld %ld", &pass, &v) != 2) return 1;
    if (std::scanf("%ld", &got) != 1 || got != 2 * v) {
        FILE* f = std::fopen((feedback + "judgemessage.txt").c_str(), "w");
        std::fprintf(f, "pass %ld: expected %ld\n", pass, 2 * v);
        std::fclose(f);
        return 43;
    }
    if (pass == 1) {
        FILE* next = std::fopen((feedback + "nextpass.in").c_str(), "w");
        std::fprintf(next, "2 %ld\n", got);
        std::fclose(next);
    }
    return 42;
}
