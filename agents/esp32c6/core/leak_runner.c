/* bench_leak_run(): each case's two classes measured interleaved in a random order, then each
 * class reported with every sample in the order it was taken. */
#include <string.h>

#include "bench_platform.h"
#include "leak.h"
#include "report.h"
#include "suites.h"

#define LEAK_TOO_LONG (-0x7E00) /* a sample beyond 32 bits */

static bench_ctx_t g_ctx;
static uint32_t g_samples[2][BENCH_LEAK_MAX_SAMPLES];
static uint64_t g_sorted[BENCH_LEAK_MAX_SAMPLES];
static unsigned char g_order[2 * BENCH_LEAK_MAX_SAMPLES];

static unsigned at_most_max(unsigned n)
{
    return n > BENCH_LEAK_MAX_SAMPLES ? BENCH_LEAK_MAX_SAMPLES : n;
}

static unsigned samples_for(const bench_leak_config_t *config, const bench_leak_case_t *c)
{
    return c->slow ? config->slow_samples : config->samples;
}

/* n samples of each class in a uniformly random order (Fisher-Yates with the run's generator). */
static int shuffle(bench_ctx_t *ctx, unsigned n)
{
    for (unsigned i = 0; i < 2 * n; i++) {
        g_order[i] = (unsigned char)(i >= n);
    }
    for (unsigned i = 2 * n - 1; i > 0; i--) {
        unsigned char r[4];
        int rc = bench_random(&ctx->drbg, r, sizeof r);
        if (rc != 0) {
            return rc;
        }
        uint32_t v = (uint32_t)r[0] | (uint32_t)r[1] << 8 | (uint32_t)r[2] << 16 | (uint32_t)r[3] << 24;
        unsigned j = (unsigned)(v % (i + 1u));
        unsigned char t = g_order[i];
        g_order[i] = g_order[j];
        g_order[j] = t;
    }
    return 0;
}

static int measure(bench_ctx_t *ctx, const bench_leak_case_t *c, void *state, unsigned n)
{
    unsigned taken[2] = {0, 0};
    int rc = shuffle(ctx, n);
    for (unsigned i = 0; rc == 0 && i < 2 * n; i++) {
        unsigned cls = g_order[i];
        bench_stamp_t start, end;
        rc = c->kind->input(ctx, state, cls);
        if (rc != 0) {
            break;
        }
        bench_platform_pause();
        bench_platform_stamp(&start);
        rc = c->kind->op(ctx, state);
        bench_platform_stamp(&end);
        uint64_t elapsed = bench_platform_elapsed(&start, &end);
        if (rc == 0 && elapsed > UINT32_MAX) {
            rc = LEAK_TOO_LONG;
        }
        g_samples[cls][taken[cls]++] = (uint32_t)elapsed;
    }
    return rc;
}

static void run_case(bench_ctx_t *ctx, const bench_leak_config_t *config, const bench_leak_case_t *c,
                     const char *unit)
{
    void *state = NULL;
    const char *why = "setup failed";
    unsigned n = samples_for(config, c);
    int rc = c->kind->prepare(ctx, c, &state, &why);
    if (rc == 0) {
        why = "timed operation failed";
        rc = measure(ctx, c, state, n);
    }
    if (c->kind->finish != NULL) {
        c->kind->finish(state);
    }
    if (rc != 0) {
        report_leak_error(ctx, c, 0, why, rc);
        report_leak_error(ctx, c, 1, why, rc);
        return;
    }
    for (unsigned cls = 0; cls < 2; cls++) {
        for (unsigned i = 0; i < n; i++) {
            g_sorted[i] = g_samples[cls][i];
        }
        bench_stats_t stats = bench_summarise(g_sorted, n, 1);
        report_leak_class(ctx, c, cls, unit, &stats);
        report_leak_raw(ctx, g_samples[cls], n);
    }
}

unsigned bench_leak_run(const bench_leak_config_t *asked)
{
    const bench_leak_config_t used = {at_most_max(asked->samples), at_most_max(asked->slow_samples)};
    const bench_leak_config_t *config = &used;
    bench_ctx_t *ctx = &g_ctx;
    bench_identity_t id;
    bench_platform_identity(&id);
    if (bench_start(ctx, id.run_salt) != 0) {
        bench_platform_emit("BENCH_FATAL {\"v\":2,\"error\":\"random generator could not be seeded\"}");
        bench_stop(ctx);
        return 1;
    }
    ctx->protocol = BENCH_LEAK_PROTOCOL_VERSION;
    unsigned selected = 0;
    for (size_t i = 0; i < bench_leak_case_count; i++) {
        selected += samples_for(config, &bench_leak_cases[i]) > 0 ? 2u : 0u;
    }
    report_leak_begin(ctx, &id, config, selected);
    for (size_t i = 0; i < bench_leak_case_count; i++) {
        if (samples_for(config, &bench_leak_cases[i]) > 0) {
            run_case(ctx, config, &bench_leak_cases[i], id.unit);
        }
    }
    report_end(ctx);
    unsigned errors = ctx->errors;
    bench_stop(ctx);
    return errors;
}
