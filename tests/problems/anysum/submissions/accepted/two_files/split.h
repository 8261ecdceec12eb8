// How to split n: a third and the rest.
#pragma once

inline unsigned long long first_part(unsigned long long n) { return n / 3; }
