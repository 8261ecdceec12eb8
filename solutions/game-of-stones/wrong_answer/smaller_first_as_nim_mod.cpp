// Handles A > B correctly but treats A < B like the impartial case with the smaller bound: XOR of X_i mod (A + 1).
// Wrong answer: with A < B Varys can keep a big pile out of reach; e.g. "1 1 2 / 3" is a Varys win but 3 mod 2 = 1 prints Petyr.
#include <cstdio>
#include <vector>

int main() {
    long long n, a, b;
    if (scanf("%lld %lld %lld", &n, &a, &b) != 3) return 0;
    std::vector<long long> x(n);
    for (auto &v : x) scanf("%lld", &v);
    bool petyr;
    if (a <= b) {
        long long g = 0;
        for (long long v : x) g ^= v % (a + 1);
        petyr = g != 0;
    } else {
        long long total = 0;
        bool all_small = true;
        for (long long v : x) {
            total ^= v;
            if (v > b) all_small = false;
        }
        petyr = !(all_small && total == 0);
    }
    puts(petyr ? "Petyr" : "Varys");
    return 0;
}
