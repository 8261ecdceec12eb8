// Closes its output and keeps running: the interactor rejects first.
#include <cstdio>
#include <unistd.h>
int main() {
    long n;
    std::scanf("%ld", &n);
    std::fclose(stdout);
    close(1);
    for (;;) sleep(1);
}
