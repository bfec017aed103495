/* The line protocol: BENCH_BEGIN {json}, BENCH {json} per case, BENCH_END {json}; in a leak-test
 * run (version 2) BENCH_RAW {json} lines after each BENCH line carry its samples. */
#ifndef CRYPTOBENCH_REPORT_H
#define CRYPTOBENCH_REPORT_H

#include "bench.h"
#include "bench_platform.h"
#include "leak.h"

/* Samples per BENCH_RAW line: 48 numbers of up to 10 digits stay well within a 1024-byte line. */
#define REPORT_RAW_PER_LINE 48

void report_begin(const bench_ctx_t *ctx, const bench_identity_t *id, const bench_config_t *config,
                  unsigned selected);
void report_result(bench_ctx_t *ctx, const bench_case_t *c, const char *unit, const bench_stats_t *stats);
void report_error(bench_ctx_t *ctx, const bench_case_t *c, const char *what, int code);
void report_end(const bench_ctx_t *ctx);

void report_leak_begin(const bench_ctx_t *ctx, const bench_identity_t *id, const bench_leak_config_t *config,
                       unsigned selected);
/* The BENCH line of class `cls` of a leak case: its summary and "raw": how many samples follow. */
void report_leak_class(bench_ctx_t *ctx, const bench_leak_case_t *c, unsigned cls, const char *unit,
                       const bench_stats_t *stats);
/* The BENCH_RAW lines of the last BENCH line: `samples` in the order they were taken. */
void report_leak_raw(const bench_ctx_t *ctx, const uint32_t *samples, unsigned count);
/* The BENCH line of class `cls` of a leak case that failed (printed for both classes). */
void report_leak_error(bench_ctx_t *ctx, const bench_leak_case_t *c, unsigned cls, const char *what, int code);

#endif
