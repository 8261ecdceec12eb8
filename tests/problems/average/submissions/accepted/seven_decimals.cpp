// The average with 7 decimals: enough for an error of at most 10^-6.
#include <cstdio>

int main() {
    int n;
    std::scanf("%d", &n);
    long long sum = 0;
    for (int i = 0; i < n; ++i) {
        int a;
        std::scanf("%d", &a);
        sum += a;
    }
    std::printf("%.7f\n", static_cast<double>(sum) / n);
}
