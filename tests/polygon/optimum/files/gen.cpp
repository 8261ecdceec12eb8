// gen N: the test with n = N.
#include <cstdio>

int main(int argc, char* argv[]) {
    if (argc < 2) return 1;
    printf("%s\n", argv[1]);
}
