// Output validator for Any Sum: validate INPUT ANSWER FEEDBACK_DIR < OUTPUT. Accepts exactly
// two non-negative integers a, b with a + b = n.
#include <cstdio>
#include <string>

#include "validate.h"

// Reads `token` as a non-negative integer below 10^19 without a sign or leading zeros.
static bool parse(const std::string& token, unsigned long long& value) {
    if (token.empty() || token.size() > 19) return false;
    if (token.size() > 1 && token[0] == '0') return false;
    value = 0;
    for (char c : token) {
        if (c < '0' || c > '9') return false;
        value = value * 10 + static_cast<unsigned long long>(c - '0');
    }
    return true;
}

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s INPUT ANSWER FEEDBACK_DIR < OUTPUT\n", argv[0]);
        return 1;
    }
    judge::feedback_dir = argv[3];
    FILE* input = std::fopen(argv[1], "r");
    unsigned long long n = 0;
    if (input == nullptr || std::fscanf(input, "%llu", &n) != 1) {
        std::fprintf(stderr, "cannot read n from %s\n", argv[1]);
        return 1;
    }
    std::string a_text, b_text, extra;
    if (!judge::read_token(stdin, a_text) || !judge::read_token(stdin, b_text)) {
        judge::wrong_answer("expected two integers a and b");
    }
    if (judge::read_token(stdin, extra)) {
        judge::wrong_answer("more than two tokens in the output, e.g. `" + extra + "`");
    }
    unsigned long long a = 0, b = 0;
    if (!parse(a_text, a)) {
        judge::wrong_answer("a = `" + a_text + "` is not a non-negative integer");
    }
    if (!parse(b_text, b)) {
        judge::wrong_answer("b = `" + b_text + "` is not a non-negative integer");
    }
    if (a > n || b != n - a) {
        judge::wrong_answer(a_text + " + " + b_text + " is not " + std::to_string(n));
    }
    judge::accept();
}
