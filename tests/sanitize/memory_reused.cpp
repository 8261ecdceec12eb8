// The sum (see README.md) with a 38 MiB vector (0.6x a 64 MiB limit) made five times over:
// AddressSanitizer keeps freed blocks in its quarantine, so the resident size passes the
// limit. Prints a wrong answer when it did not (so the test's premise is checked in the run).
#include <cstdio>
#include <cstring>
#include <vector>
static long long resident_peak_kib() {
    FILE* status = fopen("/proc/self/status", "r");
    char line[256];
    long long kib = 0;
    while (status && fgets(line, sizeof line, status))
        if (strncmp(line, "VmHWM:", 6) == 0) sscanf(line + 6, "%lld", &kib);
    if (status) fclose(status);
    return kib;
}
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    long long s = 0;
    for (int round = 0; round < 5; round++) {
        std::vector<char> part(38 << 20);
        for (size_t i = 0; i < part.size(); i += 4096) part[i] = 1;
        s += part[(size_t)round * 4096] - 1;
    }
    for (int i = 0; i < n; i++) {
        long long x;
        scanf("%lld", &x);
        s += x;
    }
    printf("%lld\n", resident_peak_kib() > (64 << 10) ? s : s + 1);
}
