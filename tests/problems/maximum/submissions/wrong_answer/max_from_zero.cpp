// Starts the maximum at 0 instead of the first value: wrong on arrays of negative numbers
// only (prints 0).
#include <iostream>

int main() {
    int n;
    std::cin >> n;
    long long best = 0;
    for (int i = 0; i < n; ++i) {
        long long a;
        std::cin >> a;
        if (a > best) best = a;
    }
    std::cout << best << "\n";
}
