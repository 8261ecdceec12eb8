/* Spins forever without a system call: must be stopped by the CPU limit. */
int main(void) {
    volatile unsigned long x = 0;
    for (;;) x++;
}
