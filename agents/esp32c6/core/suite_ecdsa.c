/* ECDSA sign and verify on secp256r1 and secp256k1 over SHA-256 of the fixed message. */
#include <stdlib.h>
#include <string.h>

#include "compat.h"
#include "suites.h"

typedef struct {
    mbedtls_ecdsa_context key;
    unsigned char hash[32];
    unsigned char sig[MBEDTLS_ECDSA_MAX_LEN];
    size_t sig_len;
} ecdsa_state_t;

static mbedtls_ecp_group_id group_of(const char *curve)
{
    return strcmp(curve, "secp256k1") == 0 ? MBEDTLS_ECP_DP_SECP256K1 : MBEDTLS_ECP_DP_SECP256R1;
}

static int sign_once(bench_ctx_t *ctx, ecdsa_state_t *s)
{
    return BENCH_ECDSA_WRITE(&s->key, MBEDTLS_MD_SHA256, s->hash, sizeof s->hash, s->sig, sizeof s->sig,
                             &s->sig_len, bench_random, &ctx->drbg);
}

static int verify_once(ecdsa_state_t *s)
{
    return mbedtls_ecdsa_read_signature(&s->key, s->hash, sizeof s->hash, s->sig, s->sig_len);
}

static int ecdsa_prepare(bench_ctx_t *ctx, const bench_case_t *c, void **state, const char **why)
{
    ecdsa_state_t *s = calloc(1, sizeof *s);
    *state = s;
    *why = "out of memory";
    if (s == NULL) {
        return MBEDTLS_ERR_ECP_ALLOC_FAILED;
    }
    mbedtls_ecdsa_init(&s->key);
    *why = "key generation failed";
    int rc = mbedtls_ecdsa_genkey(&s->key, group_of(c->curve), bench_random, &ctx->drbg);
    rc = rc != 0 ? rc : BENCH_SHA256((const unsigned char *)BENCH_MESSAGE, sizeof BENCH_MESSAGE - 1, s->hash);
    *why = "signing failed";
    rc = rc != 0 ? rc : sign_once(ctx, s);
    *why = "verification of a fresh signature failed";
    rc = rc != 0 ? rc : verify_once(s);
    if (rc == 0) {
        s->hash[0] ^= 1;
        *why = "a signature over a different hash verified";
        rc = verify_once(s) == 0 ? MBEDTLS_ERR_ECP_VERIFY_FAILED : 0;
        s->hash[0] ^= 1;
    }
    return rc;
}

static int ecdsa_sign_op(bench_ctx_t *ctx, const bench_case_t *c, void *state)
{
    (void)c;
    return sign_once(ctx, state);
}

static int ecdsa_verify_op(bench_ctx_t *ctx, const bench_case_t *c, void *state)
{
    (void)ctx;
    (void)c;
    return verify_once(state);
}

static void ecdsa_finish(void *state)
{
    ecdsa_state_t *s = state;
    if (s != NULL) {
        mbedtls_ecdsa_free(&s->key);
        free(s);
    }
}

const bench_kind_t bench_ecdsa_sign = {ecdsa_prepare, ecdsa_sign_op, ecdsa_finish};
const bench_kind_t bench_ecdsa_verify = {ecdsa_prepare, ecdsa_verify_op, ecdsa_finish};
