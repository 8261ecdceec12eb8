// Closes its output and keeps running: the interactor sees end-of-file only once it has
// ended (as problemtools runs it), so it is stopped at its time limit.
#include <cstdio>
#include <unistd.h>
int main() {
    long n;
    std::scanf("%ld", &n);
    std::fclose(stdout);
    close(1);
    for (;;) sleep(1);
}
