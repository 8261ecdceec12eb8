// A checker in testlib's convention, written for stressjudge's tests (it does not include
// testlib.h, but ends as testlib's quit() does): check INPUT OUTPUT ANSWER; k == n is OK
// (exit 0); 1 <= k < n gets testlib's points verdict as quitp(100.0 * k / n, ...) writes it,
// exit 7 (POINTS_EXIT_CODE) with "points P message" on stderr (P printed "%.10f", its trailing
// zeros removed and one "0" appended, as testlib's removeDoubleTrailingZeroes does: "50.0");
// anything else is a wrong answer (exit 1).
#include <cstdio>
#include <cstring>
#include <string>

int main(int argc, char* argv[]) {
    if (argc < 4) return 3;
    FILE* in = fopen(argv[1], "r");
    FILE* out = fopen(argv[2], "r");
    long long n, k;
    if (!in || fscanf(in, "%lld", &n) != 1) { fprintf(stderr, "FAIL bad input\n"); return 3; }
    if (!out || fscanf(out, "%lld", &k) != 1) { fprintf(stderr, "wrong answer no number\n"); return 1; }
    if (k < 1 || k > n) { fprintf(stderr, "wrong answer k = %lld is not in [1, %lld]\n", k, n); return 1; }
    if (k == n) { fprintf(stderr, "ok k = n = %lld\n", n); return 0; }
    char text[64];
    snprintf(text, sizeof text, "%.10f", 100.0 * k / n);
    std::string points = text;
    while (!points.empty() && points.back() == '0') points.pop_back();
    points += '0';
    fprintf(stderr, "points %s k = %lld of %lld\n", points.c_str(), k, n);
    return 7;
}
