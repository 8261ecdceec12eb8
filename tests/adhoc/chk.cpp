// Checker for "index of the maximum" in the testlib convention, without testlib:
//   chk INPUT OUTPUT ANSWER
// exit 0 OK, 1 WA, 2 PE (the output is not one integer), 3 FAIL (the answer file is not a
// maximum: the judge is wrong). The message goes to stderr.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

enum Code { OK = 0, WA = 1, PE = 2, FAIL = 3 };

[[noreturn]] static void quit(Code code, const std::string& message) {
    std::fprintf(stderr, "%s\n", message.c_str());
    std::exit(code);
}

// Reads exactly one integer from `path`: nothing else but whitespace may follow.
static bool read_one_integer(const char* path, long long& value) {
    std::ifstream in(path);
    std::string token, extra;
    if (!(in >> token) || (in >> extra)) return false;
    try {
        size_t used = 0;
        value = std::stoll(token, &used);
        return used == token.size();
    } catch (...) {
        return false;
    }
}

int main(int argc, char** argv) {
    if (argc != 4) quit(FAIL, "usage: chk INPUT OUTPUT ANSWER");
    std::ifstream input(argv[1]);
    int n = 0;
    if (!(input >> n) || n < 1) quit(FAIL, "cannot read n from the input");
    std::vector<long long> a(n);
    for (auto& x : a)
        if (!(input >> x)) quit(FAIL, "the input holds fewer than n values");
    long long best = a[0];
    for (long long x : a) best = x > best ? x : best;

    long long jury = 0;
    if (!read_one_integer(argv[3], jury) || jury < 1 || jury > n || a[jury - 1] != best)
        quit(FAIL, "the answer file does not hold an index of the maximum");
    long long index = 0;
    if (!read_one_integer(argv[2], index)) quit(PE, "expected one integer");
    if (index < 1 || index > n)
        quit(WA, "index " + std::to_string(index) + " is outside 1.." + std::to_string(n));
    if (a[index - 1] != best)
        quit(WA, "a[" + std::to_string(index) + "] = " + std::to_string(a[index - 1]) +
                     " is not the maximum " + std::to_string(best));
    quit(OK, "ok");
}
