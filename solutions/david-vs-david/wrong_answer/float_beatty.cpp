// Evaluates a_n = floor(n * alpha) with alpha in double precision instead of exact integers.
// Wrong answer: near continued-fraction convergents n*alpha rounds across an integer, e.g. k=0, (165580140, 267914295) is called winning.
#include <cstdio>
#include <cmath>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        long long x, y, k;
        scanf("%lld %lld %lld", &x, &y, &k);
        if (x > y) { long long tmp = x; x = y; y = tmp; }
        long long r = k + 1, d = y - x;
        bool losing = false;
        if (d % r == 0) {
            long long n = d / r;
            double alpha = (2.0 - (double)r + std::sqrt((double)(r * r + 4))) / 2.0;
            losing = (long long)std::floor((double)n * alpha) == x;
        }
        puts(losing ? "2" : "1");
    }
    return 0;
}
