/* Entry point of the RV32 firmware under QEMU: one run of the benchmark core, or with
 * BENCH_LEAK_SAMPLES one leak-test run, then power off (QEMU exits 0 when every case passed its
 * checks, 1 otherwise). What the run covers is fixed at build time (the Makefile's variants). */
#include "bench.h"
#include "leak.h"
#include "rv32.h"

int main(void)
{
#ifdef BENCH_LEAK_SAMPLES
    const bench_leak_config_t leak = {.samples = BENCH_LEAK_SAMPLES, .slow_samples = BENCH_LEAK_SLOW_SAMPLES};
    rv32_power_off(bench_leak_run(&leak) == 0);
#else
    const bench_config_t config = {
        .iterations = BENCH_ITERATIONS,
        .keygen_iterations = BENCH_KEYGEN_ITERATIONS,
        .suites = BENCH_SUITES,
        .max_key_bits = BENCH_MAX_KEY_BITS,
        .max_block_bytes = BENCH_MAX_BLOCK_BYTES,
    };
    rv32_power_off(bench_run(&config) == 0);
#endif
}
