// The maximum of the suffix a[i..] by recursion, through a MAX macro that evaluates its
// arguments twice: best(i + 1) runs twice whenever it wins, so the time doubles per element
// (fine for the samples, hopeless for n in the hundreds).
#include <cstdio>
#include <vector>

#define MAX(x, y) ((x) > (y) ? (x) : (y))

static std::vector<long long> a;
static long long calls = 0;  // left over from debugging; also keeps the calls from merging

long long best(size_t i) {
    ++calls;
    if (i + 1 == a.size()) return a[i];
    return MAX(best(i + 1), a[i]);
}

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    a.resize(n);
    for (auto& x : a) std::scanf("%lld", &x);
    std::printf("%lld\n", best(0));
}
