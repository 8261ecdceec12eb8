/* Uses no CPU at all: must be stopped by the wall-clock backstop. */
#include <unistd.h>
int main(void) {
    for (;;) pause();
}
