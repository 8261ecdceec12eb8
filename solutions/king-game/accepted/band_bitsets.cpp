// P-positions have anti-diagonals g = x + y - 2 at most 1 apart; pairs in that band are decided in increasing g-sum with 300-bit
// partner sets per square and diagonal offset, then each game counts P-partners inside the two rectangles. Accepted: ~0.5 s, 15 MB.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

static const int N = 300;
static const int W = 5;  // 320 bits per diagonal, bit x for x in 1..300
static const int DIAGS = 2 * N - 1;

// part[x][y][o]: x-coordinates of the squares on diagonal g(x,y) - 1 + o that form a P-position with (x, y).
static uint64_t part[N + 1][N + 1][3][W];

static inline int lo_x(int e) { return e + 2 - N > 1 ? e + 2 - N : 1; }
static inline int hi_x(int e) { return e + 1 < N ? e + 1 : N; }

static inline uint64_t range_mask(int w, int l, int r) {
    // bits l..r (inclusive) restricted to word w
    int a = w * 64, b = a + 63;
    if (l > b || r < a) return 0;
    int s = l > a ? l - a : 0, e = r < b ? r - a : 63;
    uint64_t hi = e == 63 ? ~0ULL : ((1ULL << (e + 1)) - 1);
    return hi & ~((1ULL << s) - 1);
}

static inline int count_range(const uint64_t *bits, int l, int r) {
    if (l > r) return 0;
    int c = 0;
    for (int w = l >> 6; w <= (r >> 6); ++w) c += __builtin_popcountll(bits[w] & range_mask(w, l, r));
    return c;
}

static inline bool any_range(const uint64_t *bits, int l, int r) {
    if (l > r) return false;
    for (int w = l >> 6; w <= (r >> 6); ++w)
        if (bits[w] & range_mask(w, l, r)) return true;
    return false;
}

// Number of P-partners of square (qx, qy) inside rect(px, py) = [1..px] x [1..py].
static inline int partners_in_rect(int qx, int qy, int px, int py, bool any_only) {
    int gq = qx + qy - 2, gp = px + py - 2, total = 0;
    for (int o = 0; o < 3; ++o) {
        int e = gq - 1 + o;
        if (e < 0 || e >= DIAGS || e > gp) continue;
        int l = e + 2 - py > lo_x(e) ? e + 2 - py : lo_x(e);
        int r = px < hi_x(e) ? px : hi_x(e);
        if (any_only) {
            if (any_range(part[qx][qy][o], l, r)) return 1;
        } else {
            total += count_range(part[qx][qy][o], l, r);
        }
    }
    return total;
}

static inline bool has(int qx, int qy, int px, int py) {
    int o = (px + py) - (qx + qy) + 1;
    if (o < 0 || o > 2) return false;
    return part[qx][qy][o][px >> 6] >> (px & 63) & 1;
}

// Decides (p, q), all pairs of smaller g-sum being known; rect(p) \ {p} lies below p's diagonal.
static void decide(int px, int py, int qx, int qy) {
    int gp = px + py - 2, gq = qx + qy - 2;
    // moves of p: partners of q in rect(p) other than p itself (p is not yet a partner of q)
    if (partners_in_rect(qx, qy, px, py, true)) return;
    if (partners_in_rect(px, py, qx, qy, true)) return;
    int oq = gp - gq + 1, op = gq - gp + 1;
    part[qx][qy][oq][px >> 6] |= 1ULL << (px & 63);
    part[px][py][op][qx >> 6] |= 1ULL << (qx & 63);
}

static void precompute() {
    for (int d = 0; d < DIAGS; ++d) {
        // same diagonal (g-sum 2d), then d with d + 1 (g-sum 2d + 1)
        for (int x1 = lo_x(d); x1 <= hi_x(d); ++x1)
            for (int x2 = x1 + 1; x2 <= hi_x(d); ++x2) decide(x1, d + 2 - x1, x2, d + 2 - x2);
        if (d + 1 < DIAGS)
            for (int x1 = lo_x(d); x1 <= hi_x(d); ++x1)
                for (int x2 = lo_x(d + 1); x2 <= hi_x(d + 1); ++x2) decide(x1, d + 2 - x1, x2, d + 3 - x2);
    }
}

static std::vector<char> read_all() {
    std::vector<char> data;
    char chunk[1 << 16];
    size_t got;
    while ((got = fread(chunk, 1, sizeof(chunk), stdin)) > 0) data.insert(data.end(), chunk, chunk + got);
    data.push_back(0);
    return data;
}

#ifdef DUMP_PARTNERS
// Tool mode (tools/check_closed_form.py): prints "x y | runs on g-1 | runs on g | runs on g+1" for every square,
// each run as lo-hi in x.
int main() {
    precompute();
    for (int x = 1; x <= N; ++x)
        for (int y = 1; y <= N; ++y) {
            printf("%d %d", x, y);
            for (int o = 0; o < 3; ++o) {
                printf(" |");
                int e = x + y - 3 + o;
                if (e < 0 || e >= DIAGS) continue;
                for (int a = lo_x(e); a <= hi_x(e); ++a) {
                    if (!(part[x][y][o][a >> 6] >> (a & 63) & 1)) continue;
                    int b = a;
                    while (b + 1 <= hi_x(e) && (part[x][y][o][(b + 1) >> 6] >> ((b + 1) & 63) & 1)) ++b;
                    printf(" %d-%d", a, b);
                    a = b;
                }
            }
            printf("\n");
        }
    return 0;
}
#else
int main() {
    precompute();
    std::vector<char> input = read_all();
    char *c = input.data();
    auto next = [&]() -> int {
        while (*c && (*c < '0' || *c > '9')) ++c;
        int v = 0;
        while (*c >= '0' && *c <= '9') v = v * 10 + (*c++ - '0');
        return v;
    };
    int t = next();
    static char out[1 << 16];
    size_t o = 0;
    for (int i = 0; i < t; ++i) {
        if (o > sizeof(out) - 16) {
            fwrite(out, 1, o, stdout);
            o = 0;
        }
        int px = next(), py = next(), qx = next(), qy = next();
        int ans = partners_in_rect(qx, qy, px, py, false) - (has(qx, qy, px, py) ? 1 : 0) +
                  partners_in_rect(px, py, qx, qy, false) - (has(px, py, qx, qy) ? 1 : 0);
        o += sprintf(out + o, "%d\n", ans);
    }
    fwrite(out, 1, o, stdout);
    return 0;
}
#endif
