/* David vs David by exhaustive search over every move of the statement, for piles up to 40.
 * The brute force of the stress tests and of the shell-loop benchmark. Defining the macro
 * WRONG_GAME(x, y, k) makes it answer the games it holds for wrongly: a bug only some seeds hit. */
#include <stdio.h>
#include <stdlib.h>

#define MAXP 40

static signed char win[13][MAXP + 1][MAXP + 1];
static int solved[13];

static void solve_k(int k) {
    for (int x = 0; x <= MAXP; x++)
        for (int y = 0; y <= MAXP; y++) {
            int w = 0;
            for (int a = 1; a <= x && !w; a++) w = !win[k][x - a][y];
            for (int b = 1; b <= y && !w; b++) w = !win[k][x][y - b];
            for (int a = 1; a <= x && !w; a++)
                for (int b = 1; b <= y && !w; b++)
                    if (abs(a - b) <= k) w = !win[k][x - a][y - b];
            win[k][x][y] = (signed char)w;
        }
    solved[k] = 1;
}

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int x, y, k;
        if (scanf("%d %d %d", &x, &y, &k) != 3) return 1;
        if (x > MAXP || y > MAXP || k < 0 || k > 12) return 2;
        if (!solved[k]) solve_k(k);
        int first_wins = win[k][x][y];
#ifdef WRONG_GAME
        if (WRONG_GAME(x, y, k)) first_wins = !first_wins;
#endif
        puts(first_wins ? "1" : "2");
    }
    return 0;
}
