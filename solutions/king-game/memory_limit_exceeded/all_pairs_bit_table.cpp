// Exhaustive DP over every ordered pair of squares up to the largest coordinate, one bit per pair.
// Memory limit exceeded: on a 300 x 300 board that is 8.1e9 bits (1 GiB), zero-filled up front.
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
using namespace std;

static int N;                       // board side actually needed
static vector<uint64_t> lost;       // bit (p * N*N + q): the player to move loses at {p, q}

static inline size_t sq(int x, int y) { return (size_t)(x - 1) * N + (y - 1); }
static inline bool is_lost(size_t p, size_t q) {
    size_t i = p * (size_t)N * N + q;
    return lost[i >> 6] >> (i & 63) & 1;
}

// Winning moves of the piece at (x, y) while the other piece stands on `other`.
static int winning_moves(int x, int y, size_t other) {
    int count = 0;
    for (int a = 1; a <= x; a++)
        for (int b = 1; b <= y; b++) {
            if (a == x && b == y) continue;
            size_t t = sq(a, b);
            if (t == other) continue;
            if (is_lost(t, other)) count++;
        }
    return count;
}

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    vector<int> g(4 * (size_t)t);
    N = 1;
    for (int i = 0; i < 4 * t; i++) {
        scanf("%d", &g[i]);
        N = max(N, g[i]);
    }
    size_t cells = (size_t)N * N;
    lost.assign((cells * cells + 63) / 64, 0);
    // Positions by increasing sum of anti-diagonal indices: every move lowers it.
    for (int s = 0; s <= 4 * (N - 1); s++)
        for (int x1 = 1; x1 <= N; x1++)
            for (int y1 = 1; y1 <= N; y1++) {
                int rest = s - (x1 + y1 - 2);
                if (rest < 0 || rest > 2 * (N - 1)) continue;
                for (int x2 = max(1, rest + 2 - N); x2 <= min(N, rest + 1); x2++) {
                    int y2 = rest + 2 - x2;
                    size_t p = sq(x1, y1), q = sq(x2, y2);
                    if (p == q) continue;
                    if (winning_moves(x1, y1, q) == 0 && winning_moves(x2, y2, p) == 0) {
                        size_t i = p * cells + q;
                        lost[i >> 6] |= (uint64_t)1 << (i & 63);
                    }
                }
            }
    for (int i = 0; i < t; i++) {
        int x1 = g[4 * i], y1 = g[4 * i + 1], x2 = g[4 * i + 2], y2 = g[4 * i + 3];
        size_t p = sq(x1, y1), q = sq(x2, y2);
        printf("%d\n", winning_moves(x1, y1, q) + winning_moves(x2, y2, p));
    }
}
