/* bench_run(): BEGIN line, one loop over the case table, END line. */
#include <stdio.h>
#include <string.h>

#include "bench_platform.h"
#include "compat.h"
#include "report.h"
#include "suites.h"

static bench_ctx_t g_ctx;
static uint64_t g_samples[BENCH_MAX_ITERATIONS];

int bench_random(void *ctx, unsigned char *out, size_t len)
{
    return mbedtls_ctr_drbg_random(ctx, out, len);
}

static int is_selected(const bench_config_t *config, const bench_case_t *c)
{
    if ((c->suite & config->suites) == 0) {
        return 0;
    }
    if (c->suite == BENCH_SUITE_RSA && c->key_bits > config->max_key_bits) {
        return 0;
    }
    if (c->kind == &bench_rsa_keygen && config->keygen_iterations == 0) {
        return 0;
    }
    int throughput = c->size_param != NULL && strcmp(c->size_param, "block_bytes") == 0;
    return !throughput || c->bytes <= config->max_block_bytes;
}

static unsigned iterations_for(const bench_config_t *config, const bench_case_t *c)
{
    unsigned n = c->kind == &bench_rsa_keygen ? config->keygen_iterations : config->iterations;
    if (n == 0) {
        return 1;
    }
    return n > BENCH_MAX_ITERATIONS ? BENCH_MAX_ITERATIONS : n;
}

static int time_case(bench_ctx_t *ctx, const bench_case_t *c, void *state, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        bench_stamp_t start, end;
        int rc = 0;
        bench_platform_pause();
        bench_platform_stamp(&start);
        for (unsigned b = 0; b < c->batch && rc == 0; b++) {
            rc = c->kind->op(ctx, c, state);
        }
        bench_platform_stamp(&end);
        if (rc != 0) {
            return rc;
        }
        g_samples[i] = bench_platform_elapsed(&start, &end);
    }
    return 0;
}

static void run_case(bench_ctx_t *ctx, const bench_config_t *config, const bench_case_t *c, const char *unit)
{
    void *state = NULL;
    const char *why = "setup failed";
    int rc = c->kind->prepare(ctx, c, &state, &why);
    if (rc == 0) {
        why = "timed operation failed";
        rc = time_case(ctx, c, state, iterations_for(config, c));
    }
    if (c->kind->finish != NULL) {
        c->kind->finish(state);
    }
    if (rc != 0) {
        report_error(ctx, c, why, rc);
        return;
    }
    bench_stats_t stats = bench_summarise(g_samples, iterations_for(config, c), c->batch);
    report_result(ctx, c, unit, &stats);
}

static int make_run_id(bench_ctx_t *ctx, uint64_t salt)
{
    unsigned char b[16];
    int rc = mbedtls_ctr_drbg_random(&ctx->drbg, b, sizeof b);
    for (unsigned i = 0; i < 8; i++) {
        b[i] ^= (unsigned char)(salt >> (8 * i));
    }
    b[6] = (unsigned char)((b[6] & 0x0F) | 0x40);
    b[8] = (unsigned char)((b[8] & 0x3F) | 0x80);
    snprintf(ctx->run_id, sizeof ctx->run_id,
             "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3],
             b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
    return rc;
}

int bench_start(bench_ctx_t *ctx, uint64_t run_salt)
{
    static const unsigned char personal[] = "cryptobench";
    memset(ctx, 0, sizeof *ctx);
    mbedtls_entropy_init(&ctx->entropy);
    mbedtls_ctr_drbg_init(&ctx->drbg);
    for (unsigned i = 0; i < BENCH_RSA_SIZES; i++) {
        BENCH_RSA_INIT(&ctx->rsa[i]);
    }
    ctx->protocol = BENCH_PROTOCOL_VERSION;
    int rc = mbedtls_ctr_drbg_seed(&ctx->drbg, mbedtls_entropy_func, &ctx->entropy, personal, sizeof personal - 1);
    return rc != 0 ? rc : make_run_id(ctx, run_salt);
}

void bench_stop(bench_ctx_t *ctx)
{
    for (unsigned i = 0; i < BENCH_RSA_SIZES; i++) {
        mbedtls_rsa_free(&ctx->rsa[i]);
    }
    mbedtls_ctr_drbg_free(&ctx->drbg);
    mbedtls_entropy_free(&ctx->entropy);
}

unsigned bench_run(const bench_config_t *config)
{
    return bench_run_table(config, bench_cases, bench_case_count);
}

unsigned bench_run_table(const bench_config_t *config, const bench_case_t *cases, size_t count)
{
    bench_ctx_t *ctx = &g_ctx;
    bench_identity_t id;
    bench_platform_identity(&id);
    if (bench_start(ctx, id.run_salt) != 0) {
        bench_platform_emit("BENCH_FATAL {\"v\":1,\"error\":\"random generator could not be seeded\"}");
        bench_stop(ctx);
        return 1;
    }
    unsigned selected = 0;
    for (size_t i = 0; i < count; i++) {
        selected += (unsigned)is_selected(config, &cases[i]);
    }
    report_begin(ctx, &id, config, selected);
    for (size_t i = 0; i < count; i++) {
        if (is_selected(config, &cases[i])) {
            run_case(ctx, config, &cases[i], id.unit);
        }
    }
    report_end(ctx);
    unsigned errors = ctx->errors;
    bench_stop(ctx);
    return errors;
}
