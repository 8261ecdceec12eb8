// A program folder of several files: main.cpp and sum.cpp share sum.h.
#include <iostream>
#include "sum.h"

int main() {
    long long a, b;
    std::cin >> a >> b;
    std::cout << add(a, b) << "\n";
}
