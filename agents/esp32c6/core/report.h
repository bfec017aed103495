/* The line protocol: BENCH_BEGIN {json}, BENCH {json} per case, BENCH_END {json}. */
#ifndef CRYPTOBENCH_REPORT_H
#define CRYPTOBENCH_REPORT_H

#include "bench.h"
#include "bench_platform.h"

void report_begin(const bench_ctx_t *ctx, const bench_identity_t *id, const bench_config_t *config,
                  unsigned selected);
void report_result(bench_ctx_t *ctx, const bench_case_t *c, const char *unit, const bench_stats_t *stats);
void report_error(bench_ctx_t *ctx, const bench_case_t *c, const char *what, int code);
void report_end(const bench_ctx_t *ctx);

#endif
