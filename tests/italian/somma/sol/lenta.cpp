// Fine on small numbers, but spins for seconds on big ones: too slow for the big subtask.
// @check-accepted: samples small
// @check-time-limit-exceeded: big
#include <cstdio>
#include <ctime>
int main() {
    long long a, b;
    std::scanf("%lld %lld", &a, &b);
    if (a + b > 1000) {
        while (std::clock() < 5 * CLOCKS_PER_SEC) {
        }
    }
    std::printf("%lld\n", a + b);
}
