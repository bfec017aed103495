/* The two reference fixtures of the leak test: a 64-byte tag compared with an early exit at the
 * first differing byte (its time depends on the secret: it leaks) and with every byte folded into
 * one difference (it does not). Class 0 (fixed) is the input equal to the secret tag, so the early
 * exit reads all 64 bytes; class 1 (random) differs at the first byte 255 times in 256. */
#include <stdlib.h>
#include <string.h>

#include "leak.h"
#include "suites.h"

#define TAG_BYTES 64
#define FIXTURE_WRONG (-0x7D00)

typedef struct {
    unsigned char secret[TAG_BYTES];
    unsigned char input[TAG_BYTES];
    volatile int differs;
} compare_state_t;

__attribute__((noinline)) static int compare_early_exit(const unsigned char *a, const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (a[i] != b[i]) {
            return 1;
        }
    }
    return 0;
}

__attribute__((noinline)) static int compare_constant_time(const unsigned char *a, const unsigned char *b, size_t n)
{
    volatile unsigned char diff = 0;
    for (size_t i = 0; i < n; i++) {
        diff |= (unsigned char)(a[i] ^ b[i]);
    }
    return diff != 0;
}

typedef int (*compare_fn)(const unsigned char *, const unsigned char *, size_t);

/* The compare must find equal tags equal and a tag with its last bit flipped different. */
static int compare_prepare(bench_ctx_t *ctx, compare_fn compare, void **state, const char **why)
{
    compare_state_t *s = calloc(1, sizeof *s);
    *state = s;
    *why = "out of memory";
    if (s == NULL) {
        return FIXTURE_WRONG;
    }
    *why = "random generator failed";
    int rc = bench_random(&ctx->drbg, s->secret, sizeof s->secret);
    if (rc != 0) {
        return rc;
    }
    memcpy(s->input, s->secret, TAG_BYTES);
    *why = "the compare got equal or different tags wrong";
    int equal = compare(s->secret, s->input, TAG_BYTES) == 0;
    s->input[TAG_BYTES - 1] ^= 1;
    return equal && compare(s->secret, s->input, TAG_BYTES) == 1 ? 0 : FIXTURE_WRONG;
}

static int early_exit_prepare(bench_ctx_t *ctx, const bench_leak_case_t *c, void **state, const char **why)
{
    (void)c;
    return compare_prepare(ctx, compare_early_exit, state, why);
}

static int constant_time_prepare(bench_ctx_t *ctx, const bench_leak_case_t *c, void **state, const char **why)
{
    (void)c;
    return compare_prepare(ctx, compare_constant_time, state, why);
}

static int compare_input(bench_ctx_t *ctx, void *state, unsigned cls)
{
    compare_state_t *s = state;
    if (cls == 0) {
        memcpy(s->input, s->secret, TAG_BYTES);
        return 0;
    }
    return bench_random(&ctx->drbg, s->input, sizeof s->input);
}

static int early_exit_op(bench_ctx_t *ctx, void *state)
{
    (void)ctx;
    compare_state_t *s = state;
    s->differs = compare_early_exit(s->secret, s->input, TAG_BYTES);
    return 0;
}

static int constant_time_op(bench_ctx_t *ctx, void *state)
{
    (void)ctx;
    compare_state_t *s = state;
    s->differs = compare_constant_time(s->secret, s->input, TAG_BYTES);
    return 0;
}

const bench_leak_kind_t bench_leak_compare_early_exit = {early_exit_prepare, compare_input, early_exit_op, free};
const bench_leak_kind_t bench_leak_compare_constant_time = {constant_time_prepare, compare_input, constant_time_op,
                                                            free};
