/* Statistics over timed samples and the 32-bit cycle counter's wrap-around. */
#include <stdlib.h>

#include "bench.h"

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

bench_stats_t bench_summarise(uint64_t *samples, unsigned count, unsigned batch)
{
    bench_stats_t stats = {0, 0, 0, count};
    if (count == 0 || batch == 0) {
        return stats;
    }
    qsort(samples, count, sizeof samples[0], compare_u64);
    uint64_t median = samples[count / 2];
    if (count % 2 == 0) {
        median = samples[count / 2 - 1] + (samples[count / 2] - samples[count / 2 - 1]) / 2;
    }
    stats.min = samples[0] / batch;
    stats.median = median / batch;
    stats.max = samples[count - 1] / batch;
    return stats;
}

uint64_t bench_unwrap_cycles(uint32_t cycle_delta, uint64_t micros, uint32_t cpu_mhz)
{
    const uint64_t span = UINT64_C(1) << 32;
    uint64_t expected = micros * cpu_mhz;
    if (expected <= cycle_delta) {
        return cycle_delta;
    }
    uint64_t wraps = (expected - cycle_delta + span / 2) / span;
    return (uint64_t)cycle_delta + wraps * span;
}
