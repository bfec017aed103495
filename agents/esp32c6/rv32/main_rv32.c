/* Entry point of the RV32 firmware under QEMU: one run of the benchmark core, then power off
 * (QEMU exits 0 when every case passed its checks, 1 otherwise). What the run covers is fixed at
 * build time (the Makefile's full and quick variants). */
#include "bench.h"
#include "rv32.h"

int main(void)
{
    const bench_config_t config = {
        .iterations = BENCH_ITERATIONS,
        .keygen_iterations = BENCH_KEYGEN_ITERATIONS,
        .suites = BENCH_SUITES,
        .max_key_bits = BENCH_MAX_KEY_BITS,
        .max_block_bytes = BENCH_MAX_BLOCK_BYTES,
    };
    rv32_power_off(bench_run(&config) == 0);
}
