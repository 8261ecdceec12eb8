#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
    int n = atoi(argv[1]);
    printf("%d\n", (int) sqrt((double) n * n));
}
