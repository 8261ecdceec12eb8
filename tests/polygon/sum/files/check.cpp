// A checker in testlib's convention, written for stressjudge's tests: check INPUT OUTPUT ANSWER,
// exit 0 OK, 1 wrong answer, 2 presentation error (the output is not a number).
#include <cstdio>

int main(int argc, char* argv[]) {
    if (argc < 4) return 3;
    FILE* out = fopen(argv[2], "r");
    FILE* ans = fopen(argv[3], "r");
    long long got, want;
    if (!ans || fscanf(ans, "%lld", &want) != 1) { fprintf(stderr, "FAIL bad answer\n"); return 3; }
    if (!out || fscanf(out, "%lld", &got) != 1) { fprintf(stderr, "wrong output format Expected integer\n"); return 2; }
    if (got != want) { fprintf(stderr, "wrong answer expected %lld, found %lld\n", want, got); return 1; }
    fprintf(stderr, "ok answer is %lld\n", got);
    return 0;
}
