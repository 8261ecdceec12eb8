/* Writes forever: cut at the output limit and stopped by the time limit, without the harness buffering the flood. */
#include <stdio.h>
int main(void) {
    static char line[4096];
    for (int i = 0; i < 4095; i++) line[i] = 'a' + i % 26;
    line[4095] = '\n';
    for (;;) fwrite(line, 1, sizeof line, stdout);
}
