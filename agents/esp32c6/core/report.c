/* Formats the protocol lines. Every line is one JSON object after a fixed prefix, so nothing
 * else a device prints (boot ROM, ESP_LOG) can be mistaken for a result. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "mbedtls/version.h"
#include "report.h"

typedef struct {
    char text[1024];
    size_t len;
} line_t;

static void put(line_t *line, const char *fmt, ...)
{
    if (line->len >= sizeof line->text) {
        return;
    }
    va_list args;
    va_start(args, fmt);
    int n = vsnprintf(line->text + line->len, sizeof line->text - line->len, fmt, args);
    va_end(args);
    if (n > 0) {
        line->len += (size_t)n;
    }
}

static void put_str(line_t *line, const char *key, const char *value)
{
    if (value == NULL) {
        put(line, ",\"%s\":null", key);
        return;
    }
    put(line, ",\"%s\":\"", key);
    for (const char *p = value; *p != '\0'; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch == '"' || ch == '\\') {
            put(line, "\\%c", ch);
        } else if (ch < 0x20) {
            put(line, "\\u%04x", ch);
        } else {
            put(line, "%c", ch);
        }
    }
    put(line, "\"");
}

static void put_num(line_t *line, const char *key, uint64_t value)
{
    if (value == 0) {
        put(line, ",\"%s\":null", key);
    } else {
        put(line, ",\"%s\":%" PRIu64, key, value);
    }
}

static void put_head(line_t *line, const char *prefix, const bench_ctx_t *ctx)
{
    put(line, "%s {\"v\":%u", prefix, ctx->protocol);
    put_str(line, "run", ctx->run_id);
}

static void put_accel(line_t *line, const char *const *accel)
{
    put(line, ",\"accel\":[");
    for (unsigned i = 0; accel[i] != NULL; i++) {
        put(line, "%s\"%s\"", i ? "," : "", accel[i]);
    }
    put(line, "]");
}

static void put_identity(line_t *line, const bench_ctx_t *ctx, const bench_identity_t *id)
{
    put_head(line, "BENCH_BEGIN", ctx);
    put_str(line, "target", id->target);
    put_str(line, "device", id->device);
    put_str(line, "arch", id->arch);
    put_str(line, "chip", id->chip);
    put_str(line, "chip_rev", id->chip_rev);
    put_num(line, "cores", id->cores);
    put_num(line, "cpu_mhz", id->cpu_mhz);
    put_num(line, "flash_bytes", id->flash_bytes);
    put_str(line, "sdk", id->sdk);
    put_str(line, "mbedtls", MBEDTLS_VERSION_STRING);
    put_str(line, "compiler", id->compiler);
    put_str(line, "opt", id->opt_level);
    put_accel(line, id->accel);
    put_num(line, "mpi_max_bits", id->mpi_max_bits);
    put_str(line, "unit", id->unit);
    put_str(line, "clock", id->clock);
    put_str(line, "entropy", id->entropy);
}

void report_begin(const bench_ctx_t *ctx, const bench_identity_t *id, const bench_config_t *config,
                  unsigned selected)
{
    line_t line = {.len = 0};
    put_identity(&line, ctx, id);
    put(&line, ",\"iterations\":%u,\"keygen_iterations\":%u,\"cases\":%u}", config->iterations,
        config->keygen_iterations, selected);
    bench_platform_emit(line.text);
}

static void put_case(line_t *line, bench_ctx_t *ctx, const bench_case_t *c)
{
    put_head(line, "BENCH", ctx);
    put(line, ",\"seq\":%u", ++ctx->seq);
    put_str(line, "name", c->name);
    put_str(line, "family", c->family);
    put_str(line, "alg", c->alg);
    put_str(line, "op", c->op);
    put(line, ",\"params\":{");
    const char *sep = "";
    if (c->suite == BENCH_SUITE_RSA) {
        put(line, "\"key_bits\":%u", c->key_bits);
        sep = ",";
    }
    if (c->padding != NULL) {
        put(line, "%s\"padding\":\"%s\"", sep, c->padding);
        if (c->padding[0] == 'p') {
            put(line, ",\"hash\":\"SHA-256\"");
        }
        sep = ",";
    }
    if (c->curve != NULL) {
        put(line, "%s\"curve\":\"%s\",\"hash\":\"SHA-256\"", sep, c->curve);
        sep = ",";
    }
    if (c->bytes != 0) {
        put(line, "%s\"%s\":%u", sep, c->size_param, (unsigned)c->bytes);
    }
    put(line, "}");
}

void report_result(bench_ctx_t *ctx, const bench_case_t *c, const char *unit, const bench_stats_t *stats)
{
    line_t line = {.len = 0};
    put_case(&line, ctx, c);
    put_str(&line, "unit", unit);
    put(&line, ",\"batch\":%u,\"n\":%u,\"min\":%" PRIu64 ",\"median\":%" PRIu64 ",\"max\":%" PRIu64 "}",
        c->batch, stats->count, stats->min, stats->median, stats->max);
    bench_platform_emit(line.text);
}

void report_error(bench_ctx_t *ctx, const bench_case_t *c, const char *what, int code)
{
    char message[96];
    snprintf(message, sizeof message, "%s (%s0x%04x)", what, code < 0 ? "-" : "",
             (unsigned)(code < 0 ? -code : code));
    line_t line = {.len = 0};
    put_case(&line, ctx, c);
    put_str(&line, "error", message);
    put(&line, "}");
    ctx->errors++;
    bench_platform_emit(line.text);
}

void report_end(const bench_ctx_t *ctx)
{
    line_t line = {.len = 0};
    put_head(&line, "BENCH_END", ctx);
    put(&line, ",\"count\":%u,\"errors\":%u}", ctx->seq, ctx->errors);
    bench_platform_emit(line.text);
}

void report_leak_begin(const bench_ctx_t *ctx, const bench_identity_t *id, const bench_leak_config_t *config,
                       unsigned selected)
{
    line_t line = {.len = 0};
    put_identity(&line, ctx, id);
    put(&line, ",\"mode\":\"leak-test\",\"samples\":%u,\"slow_samples\":%u,\"cases\":%u}", config->samples,
        config->slow_samples, selected);
    bench_platform_emit(line.text);
}

static void put_leak_case(line_t *line, bench_ctx_t *ctx, const bench_leak_case_t *c, unsigned cls)
{
    put_head(line, "BENCH", ctx);
    put(line, ",\"seq\":%u", ++ctx->seq);
    put_str(line, "name", c->name);
    put_str(line, "family", c->family);
    put_str(line, "alg", c->alg);
    put_str(line, "op", c->op);
    if (c->library != NULL) {
        put_str(line, "lib", c->library);
    }
    put(line, ",\"params\":{%s%s\"input_class\":\"%s\"}", c->params, c->params[0] ? "," : "", c->classes[cls]);
}

void report_leak_class(bench_ctx_t *ctx, const bench_leak_case_t *c, unsigned cls, const char *unit,
                       const bench_stats_t *stats)
{
    line_t line = {.len = 0};
    put_leak_case(&line, ctx, c, cls);
    put_str(&line, "unit", unit);
    put(&line, ",\"batch\":1,\"n\":%u,\"min\":%" PRIu64 ",\"median\":%" PRIu64 ",\"max\":%" PRIu64 ",\"raw\":%u}",
        stats->count, stats->min, stats->median, stats->max, stats->count);
    bench_platform_emit(line.text);
}

void report_leak_raw(const bench_ctx_t *ctx, const uint32_t *samples, unsigned count)
{
    for (unsigned at = 0; at < count; at += REPORT_RAW_PER_LINE) {
        line_t line = {.len = 0};
        put_head(&line, "BENCH_RAW", ctx);
        put(&line, ",\"seq\":%u,\"at\":%u,\"samples\":[", ctx->seq, at);
        for (unsigned i = at; i < count && i < at + REPORT_RAW_PER_LINE; i++) {
            put(&line, "%s%" PRIu32, i == at ? "" : ",", samples[i]);
        }
        put(&line, "]}");
        bench_platform_emit(line.text);
    }
}

void report_leak_error(bench_ctx_t *ctx, const bench_leak_case_t *c, unsigned cls, const char *what, int code)
{
    char message[96];
    snprintf(message, sizeof message, "%s (%s0x%04x)", what, code < 0 ? "-" : "",
             (unsigned)(code < 0 ? -code : code));
    line_t line = {.len = 0};
    put_leak_case(&line, ctx, c, cls);
    put_str(&line, "error", message);
    put(&line, "}");
    ctx->errors++;
    bench_platform_emit(line.text);
}
