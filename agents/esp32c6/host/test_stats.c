/* Unit checks of the portable statistics: median of odd/even counts, batching, and
 * unwrapping of the 32-bit cycle counter with the microsecond clock. Exit status 0 = pass. */
#include <inttypes.h>
#include <stdio.h>

#include "bench.h"

#ifdef BENCH_EXPECT_ILP32
/* The 32-bit host build stands in for the ESP32-C6 (RISC-V ILP32). */
_Static_assert(sizeof(int) == 4 && sizeof(long) == 4 && sizeof(void *) == 4, "not ILP32");
#endif

static int failures;

static void check(const char *what, uint64_t got, uint64_t want)
{
    if (got != want) {
        printf("FAIL %s: got %" PRIu64 ", want %" PRIu64 "\n", what, got, want);
        failures++;
    }
}

int main(void)
{
    uint64_t odd[] = {9, 3, 7};
    bench_stats_t s = bench_summarise(odd, 3, 1);
    check("odd min", s.min, 3);
    check("odd median", s.median, 7);
    check("odd max", s.max, 9);
    uint64_t even[] = {40, 10, 30, 20};
    s = bench_summarise(even, 4, 10);
    check("even batched min", s.min, 1);
    check("even batched median", s.median, 2);
    check("even batched max", s.max, 4);
    check("no wrap", bench_unwrap_cycles(1600, 10, 160), 1600);
    check("short interval, counter ahead of clock", bench_unwrap_cycles(1700, 10, 160), 1700);
    /* 30 s at 160 MHz = 4.8e9 cycles: the counter wrapped once and shows 4.8e9 - 2^32. */
    check("one wrap", bench_unwrap_cycles((uint32_t)(UINT64_C(4800000000) - (UINT64_C(1) << 32)), 30000000, 160),
          UINT64_C(4800000000));
    /* 100 s = 1.6e10 cycles = 3 wraps + 3115098112; clock 1 ms off still finds 3 wraps. */
    check("three wraps", bench_unwrap_cycles(3115098112u, 100001000, 160), UINT64_C(16000000000));
    printf("%s\n", failures ? "test_stats: FAILED" : "test_stats: ok");
    return failures ? 1 : 0;
}
