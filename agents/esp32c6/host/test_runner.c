/* The runner with a table of failing cases: a failed check before timing and a failure inside the
 * timed loop must each print a BENCH line with "error" and no numbers; a passing case prints
 * numbers. Prints the protocol lines; host/check_output.py --expect-errors 2 checks them. */
#include "bench.h"

static int g_calls;

static int prepare_ok(bench_ctx_t *ctx, const bench_case_t *c, void **state, const char **why)
{
    (void)ctx;
    (void)c;
    (void)why;
    *state = NULL;
    g_calls = 0;
    return 0;
}

static int prepare_mismatch(bench_ctx_t *ctx, const bench_case_t *c, void **state, const char **why)
{
    (void)ctx;
    (void)c;
    *state = NULL;
    *why = "known answer mismatch";
    return -0x7F00;
}

static int op_ok(bench_ctx_t *ctx, const bench_case_t *c, void *state)
{
    (void)ctx;
    (void)c;
    (void)state;
    g_calls++;
    return 0;
}

static int op_fails_late(bench_ctx_t *ctx, const bench_case_t *c, void *state)
{
    return ++g_calls > 2 ? -0x4380 : op_ok(ctx, c, state);
}

static const bench_kind_t k_ok = {prepare_ok, op_ok, NULL};
static const bench_kind_t k_mismatch = {prepare_mismatch, op_ok, NULL};
static const bench_kind_t k_late = {prepare_ok, op_fails_late, NULL};

static const bench_case_t k_cases[] = {
    {"passes", "hash", "SHA-256", "hash", BENCH_SUITE_HASH, 0, NULL, NULL, 16, "block_bytes", 4, &k_ok},
    {"fails-check", "hash", "SHA-256", "hash", BENCH_SUITE_HASH, 0, NULL, NULL, 0, NULL, 1, &k_mismatch},
    {"fails-timed", "hash", "SHA-256", "hash", BENCH_SUITE_HASH, 0, NULL, NULL, 0, NULL, 1, &k_late},
};

int main(void)
{
    const bench_config_t config = {5, 1, BENCH_SUITE_ALL, 4096, 16384};
    return bench_run_table(&config, k_cases, sizeof k_cases / sizeof k_cases[0]) == 2 ? 0 : 1;
}
