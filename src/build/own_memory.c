/* Linked into every `--sanitize` build by stressjudge (see src/build/sanitize.rs): measures
 * the program's own memory, which AddressSanitizer's shadow, redzones and quarantine hide
 * from the resident size. Does nothing unless STRESSJUDGE_MEMORY_FD names a descriptor.
 *
 * Counted: the heap's peak of live bytes as the program asked for them (malloc, new, realloc;
 * AddressSanitizer's allocator hooks, `__sanitizer_install_malloc_and_free_hooks`, with a
 * freed block's size from `__sanitizer_get_allocated_size`), the resident pages of the
 * program's static data (`.data` and `.bss`, from `__data_start` to `_end`) and of the main
 * thread's stack (pages ever touched stay in its mapping), both read with mincore(2).
 * Written to the descriptor as a line "HEAP STATIC STACK" in bytes, padded with spaces to 80
 * bytes: at start, each time the heap's peak grows by 1 MiB, and at exit. Past
 * STRESSJUDGE_MEMORY_LIMIT bytes (heap and the static data's resident pages at start) the
 * figures are written as a second line and the program kills itself with SIGKILL: the
 * harness judges the memory limit from the larger line. A forked child inherits all this.
 * Valid C and C++ (g++ compiles a .c file as C++). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef __cplusplus
extern "C" {
#endif
int __sanitizer_install_malloc_and_free_hooks(void (*)(const volatile void *, size_t),
                                              void (*)(const volatile void *));
size_t __sanitizer_get_allocated_size(const volatile void *);
int __sanitizer_get_ownership(const volatile void *);
extern char __data_start[], _end[];
#ifdef __cplusplus
}
#endif

#define SJ_OWN __attribute__((no_sanitize("address", "undefined"), used))
#define SJ_PAGE ((uintptr_t)4096)

static int sj_fd = -1;
static int64_t sj_live, sj_peak, sj_limit, sj_written, sj_static;
static uintptr_t sj_stack_top;

/* Bytes of resident pages in [from, to); `down` scans from `to` towards `from` and stops at
 * the first page that is not mapped (the end of the stack's mapping). */
SJ_OWN static int64_t sj_resident(uintptr_t from, uintptr_t to, int down) {
  static unsigned char pages[4096];
  uintptr_t chunk = sizeof pages * SJ_PAGE;
  int64_t count = 0;
  from &= ~(SJ_PAGE - 1);
  to = (to + SJ_PAGE - 1) & ~(SJ_PAGE - 1);
  while (from < to) {
    uintptr_t lo = down ? (to - from > chunk ? to - chunk : from) : from;
    uintptr_t hi = down ? to : (to - from > chunk ? from + chunk : to);
    if (mincore((void *)lo, hi - lo, pages) != 0) {
      /* The mapping ends inside this chunk: go on a page at a time. */
      if (hi - lo == SJ_PAGE) break;
      chunk = SJ_PAGE;
      continue;
    }
    for (uintptr_t i = 0; i < (hi - lo) / SJ_PAGE; i++) count += pages[i] & 1;
    if (down) to = lo;
    else from = hi;
  }
  return count * (int64_t)SJ_PAGE;
}

/* Writes "HEAP STATIC STACK" over the descriptor's first line, or its second for figures
 * past the limit (a forked child's then outlive its parent's exit); `quick` keeps the static
 * data's figure from the start and leaves the stack out (from the allocator hook). */
SJ_OWN static void sj_write(int64_t heap, int quick, int over) {
  char line[80];
  int64_t fields[3] = {heap, sj_static, 0};
  int n = 0;
  if (!quick) {
    fields[1] = sj_resident((uintptr_t)__data_start, (uintptr_t)_end, 0);
    fields[2] = sj_resident(0, sj_stack_top, 1);
  }
  for (int f = 0; f < 3; f++) {
    char digits[24];
    int d = 0;
    uint64_t v = fields[f] < 0 ? 0 : (uint64_t)fields[f];
    do {
      digits[d++] = (char)('0' + v % 10);
      v /= 10;
    } while (v);
    while (d) line[n++] = digits[--d];
    line[n++] = f < 2 ? ' ' : '\n';
  }
  while (n < (int)sizeof line) line[n++] = ' ';
  if (pwrite(sj_fd, line, sizeof line, over ? (off_t)sizeof line : 0) < 0) {
    /* Nothing to do: the harness then has the last figures written, or none. */
  }
}

SJ_OWN static void sj_malloc(const volatile void *p, size_t size) {
  (void)p;
  int64_t now = __atomic_add_fetch(&sj_live, (int64_t)size, __ATOMIC_RELAXED);
  int64_t peak = __atomic_load_n(&sj_peak, __ATOMIC_RELAXED);
  while (now > peak &&
         !__atomic_compare_exchange_n(&sj_peak, &peak, now, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  if (now <= peak) return;
  if (sj_limit > 0 && now + sj_static > sj_limit) {
    sj_write(now, 1, 1);
    kill(getpid(), SIGKILL);
  }
  if (now >= __atomic_load_n(&sj_written, __ATOMIC_RELAXED) + (1 << 20)) {
    __atomic_store_n(&sj_written, now, __ATOMIC_RELAXED);
    sj_write(now, 1, 0);
  }
}

SJ_OWN static void sj_free(const volatile void *p) {
  /* A block freed twice is not the allocator's any more: its report is AddressSanitizer's. */
  if (p && __sanitizer_get_ownership(p))
    __atomic_sub_fetch(&sj_live, (int64_t)__sanitizer_get_allocated_size(p), __ATOMIC_RELAXED);
}

SJ_OWN static void sj_exit(void) {
  sj_write(__atomic_load_n(&sj_peak, __ATOMIC_RELAXED), 0, 0);
}

/* A decimal environment variable, or -1. */
SJ_OWN static int64_t sj_number(const char *name) {
  const char *s = getenv(name);
  int64_t v = 0;
  if (!s || !*s) return -1;
  for (; *s; s++) {
    if (*s < '0' || *s > '9' || v > INT64_MAX / 20) return -1;
    v = v * 10 + (*s - '0');
  }
  return v;
}

__attribute__((constructor(101))) SJ_OWN static void sj_start(void) {
  int64_t fd = sj_number("STRESSJUDGE_MEMORY_FD");
  if (fd < 0 || fd > 1 << 20) return;
  sj_fd = (int)fd;
  sj_limit = sj_number("STRESSJUDGE_MEMORY_LIMIT");
  sj_stack_top = (uintptr_t)__builtin_frame_address(0);
  sj_static = sj_resident((uintptr_t)__data_start, (uintptr_t)_end, 0);
  sj_write(0, 0, 0);
  if (__sanitizer_install_malloc_and_free_hooks(sj_malloc, sj_free)) atexit(sj_exit);
}
