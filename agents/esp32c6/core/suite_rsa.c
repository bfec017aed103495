/* RSA: key generation, and sign/verify with PKCS#1 v1.5, PSS (SHA-256) and no padding
 * (the raw private and public operations). Each signature is verified before timing. */
#include <stdlib.h>
#include <string.h>

#include "compat.h"
#include "suites.h"
#ifdef BENCH_FIXED_RSA_KEY
#include "rsa_fixed_key.h"
#endif

#define RSA_EXPONENT 65537
#define RSA_MAX_BYTES 512

typedef struct {
    mbedtls_rsa_context *key;
    mbedtls_rsa_context scratch; /* key generation target */
    unsigned char hash[32];
    unsigned char input[RSA_MAX_BYTES];
    unsigned char sig[RSA_MAX_BYTES];
    unsigned char out[RSA_MAX_BYTES];
} rsa_state_t;

/* The key of `bits` bits: generated from the run's seeded generator, or with BENCH_FIXED_RSA_KEY
 * the fixed 2048-bit one (rsa_fixed_key.h; other sizes are still generated). */
static int make_key(bench_ctx_t *ctx, mbedtls_rsa_context *key, unsigned bits)
{
#ifdef BENCH_FIXED_RSA_KEY
    if (bits == 2048) {
        static const unsigned char e[] = {0x01, 0x00, 0x01};
        int rc = mbedtls_rsa_import_raw(key, RSA_FIXED_N, sizeof RSA_FIXED_N, RSA_FIXED_P, sizeof RSA_FIXED_P,
                                        RSA_FIXED_Q, sizeof RSA_FIXED_Q, NULL, 0, e, sizeof e);
        return rc != 0 ? rc : mbedtls_rsa_complete(key);
    }
#endif
    return mbedtls_rsa_gen_key(key, bench_random, &ctx->drbg, bits, RSA_EXPONENT);
}

mbedtls_rsa_context *bench_rsa_key(bench_ctx_t *ctx, unsigned bits)
{
    for (unsigned i = 0; i < BENCH_RSA_SIZES; i++) {
        if (ctx->rsa_bits[i] == bits) {
            return &ctx->rsa[i];
        }
        if (ctx->rsa_bits[i] == 0) {
            if (make_key(ctx, &ctx->rsa[i], bits) != 0 || mbedtls_rsa_check_privkey(&ctx->rsa[i]) != 0) {
                return NULL;
            }
            ctx->rsa_bits[i] = bits;
            return &ctx->rsa[i];
        }
    }
    return NULL;
}

static int is_raw(const bench_case_t *c)
{
    return strcmp(c->padding, "none") == 0;
}

static int sign_once(bench_ctx_t *ctx, const bench_case_t *c, rsa_state_t *s)
{
    if (is_raw(c)) {
        return mbedtls_rsa_private(s->key, bench_random, &ctx->drbg, s->input, s->sig);
    }
    return BENCH_RSA_SIGN(s->key, bench_random, &ctx->drbg, MBEDTLS_MD_SHA256, 32, s->hash, s->sig);
}

static int verify_once(const bench_case_t *c, rsa_state_t *s)
{
    if (!is_raw(c)) {
        return BENCH_RSA_VERIFY(s->key, MBEDTLS_MD_SHA256, 32, s->hash, s->sig);
    }
    int rc = mbedtls_rsa_public(s->key, s->sig, s->out);
    size_t len = mbedtls_rsa_get_len(s->key);
    return rc != 0 ? rc : (memcmp(s->out, s->input, len) != 0 ? MBEDTLS_ERR_RSA_VERIFY_FAILED : 0);
}

static int rsa_prepare(bench_ctx_t *ctx, const bench_case_t *c, void **state, const char **why)
{
    rsa_state_t *s = calloc(1, sizeof *s);
    *state = s;
    *why = "out of memory";
    if (s == NULL) {
        return MBEDTLS_ERR_MPI_ALLOC_FAILED;
    }
    BENCH_RSA_INIT(&s->scratch);
    *why = "key generation failed";
    if ((s->key = bench_rsa_key(ctx, c->key_bits)) == NULL) {
        return MBEDTLS_ERR_RSA_KEY_GEN_FAILED;
    }
    if (c->padding == NULL) {
        return 0;
    }
    int padding = strcmp(c->padding, "pss") == 0 ? MBEDTLS_RSA_PKCS_V21 : MBEDTLS_RSA_PKCS_V15;
    int rc = BENCH_RSA_SET_PADDING(s->key, padding, MBEDTLS_MD_SHA256);
    rc = rc != 0 ? rc : BENCH_SHA256((const unsigned char *)BENCH_MESSAGE, sizeof BENCH_MESSAGE - 1, s->hash);
    rc = rc != 0 ? rc : mbedtls_ctr_drbg_random(&ctx->drbg, s->input + 1, mbedtls_rsa_get_len(s->key) - 1);
    *why = "signing failed";
    rc = rc != 0 ? rc : sign_once(ctx, c, s);
    *why = "verification of a fresh signature failed";
    return rc != 0 ? rc : verify_once(c, s);
}

static int rsa_keygen_op(bench_ctx_t *ctx, const bench_case_t *c, void *state)
{
    rsa_state_t *s = state;
    mbedtls_rsa_free(&s->scratch);
    BENCH_RSA_INIT(&s->scratch);
    return mbedtls_rsa_gen_key(&s->scratch, bench_random, &ctx->drbg, c->key_bits, RSA_EXPONENT);
}

static int rsa_sign_op(bench_ctx_t *ctx, const bench_case_t *c, void *state)
{
    return sign_once(ctx, c, state);
}

static int rsa_verify_op(bench_ctx_t *ctx, const bench_case_t *c, void *state)
{
    (void)ctx;
    return verify_once(c, state);
}

static void rsa_finish(void *state)
{
    rsa_state_t *s = state;
    if (s != NULL) {
        mbedtls_rsa_free(&s->scratch);
        free(s);
    }
}

const bench_kind_t bench_rsa_keygen = {rsa_prepare, rsa_keygen_op, rsa_finish};
const bench_kind_t bench_rsa_sign = {rsa_prepare, rsa_sign_op, rsa_finish};
const bench_kind_t bench_rsa_verify = {rsa_prepare, rsa_verify_op, rsa_finish};
