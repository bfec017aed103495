/* The Mbed TLS operations of the leak test, each checked before it is measured. The secret is
 * fixed per case; class 0 (fixed) is one fixed input, class 1 (random) a fresh random one, as in
 * dudect: AES-128 encryption of a fixed vs a random block under one key; the RSA-2048 private
 * operation on a fixed vs a random input; ECDSA signing under a fixed vs a random private key. */
#include <stdlib.h>
#include <string.h>

#include "compat.h"
#include "leak.h"
#include "mbedtls/aes.h"
#include "suites.h"

#define LEAK_MISMATCH (-0x7C00)
#define LEAK_RSA_BITS 2048

typedef struct {
    mbedtls_aes_context aes;
    unsigned char in[16], out[16], iv[16];
} aes_state_t;

static const unsigned char k_fips197_key[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                                0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
static const unsigned char k_fips197_plain[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                                  0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
static const unsigned char k_fips197_cipher[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                                   0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};

static int aes_prepare(bench_ctx_t *ctx, const bench_leak_case_t *c, void **state, const char **why)
{
    (void)ctx;
    (void)c;
    aes_state_t *s = calloc(1, sizeof *s);
    *state = s;
    *why = "out of memory";
    if (s == NULL) {
        return LEAK_MISMATCH;
    }
    mbedtls_aes_init(&s->aes);
    *why = "AES-128 known answer (FIPS-197) mismatch";
    int rc = mbedtls_aes_setkey_enc(&s->aes, k_fips197_key, 128);
    rc = rc != 0 ? rc : mbedtls_aes_crypt_cbc(&s->aes, MBEDTLS_AES_ENCRYPT, 16, s->iv, k_fips197_plain, s->out);
    return rc != 0 ? rc : (memcmp(s->out, k_fips197_cipher, 16) != 0 ? LEAK_MISMATCH : 0);
}

static int aes_input(bench_ctx_t *ctx, void *state, unsigned cls)
{
    aes_state_t *s = state;
    memset(s->iv, 0, sizeof s->iv);
    if (cls == 0) {
        memcpy(s->in, k_fips197_plain, sizeof s->in);
        return 0;
    }
    return bench_random(&ctx->drbg, s->in, sizeof s->in);
}

static int aes_op(bench_ctx_t *ctx, void *state)
{
    (void)ctx;
    aes_state_t *s = state;
    return mbedtls_aes_crypt_cbc(&s->aes, MBEDTLS_AES_ENCRYPT, 16, s->iv, s->in, s->out);
}

static void aes_finish(void *state)
{
    aes_state_t *s = state;
    if (s != NULL) {
        mbedtls_aes_free(&s->aes);
        free(s);
    }
}

typedef struct {
    mbedtls_rsa_context *key;
    unsigned char fixed[LEAK_RSA_BITS / 8], in[LEAK_RSA_BITS / 8], out[LEAK_RSA_BITS / 8], back[LEAK_RSA_BITS / 8];
} rsa_state_t;

/* A random input below the modulus: its top byte is 0. */
static int rsa_random_input(bench_ctx_t *ctx, unsigned char *in)
{
    in[0] = 0;
    return bench_random(&ctx->drbg, in + 1, LEAK_RSA_BITS / 8 - 1);
}

static int rsa_prepare(bench_ctx_t *ctx, const bench_leak_case_t *c, void **state, const char **why)
{
    (void)c;
    rsa_state_t *s = calloc(1, sizeof *s);
    *state = s;
    *why = "out of memory";
    if (s == NULL) {
        return MBEDTLS_ERR_MPI_ALLOC_FAILED;
    }
    *why = "key generation failed";
    if ((s->key = bench_rsa_key(ctx, LEAK_RSA_BITS)) == NULL) {
        return MBEDTLS_ERR_RSA_KEY_GEN_FAILED;
    }
    *why = "private then public operation did not give the input back";
    int rc = rsa_random_input(ctx, s->fixed);
    rc = rc != 0 ? rc : mbedtls_rsa_private(s->key, bench_random, &ctx->drbg, s->fixed, s->out);
    rc = rc != 0 ? rc : mbedtls_rsa_public(s->key, s->out, s->back);
    return rc != 0 ? rc : (memcmp(s->back, s->fixed, sizeof s->fixed) != 0 ? LEAK_MISMATCH : 0);
}

static int rsa_input(bench_ctx_t *ctx, void *state, unsigned cls)
{
    rsa_state_t *s = state;
    if (cls == 0) {
        memcpy(s->in, s->fixed, sizeof s->in);
        return 0;
    }
    return rsa_random_input(ctx, s->in);
}

static int rsa_op(bench_ctx_t *ctx, void *state)
{
    rsa_state_t *s = state;
    return mbedtls_rsa_private(s->key, bench_random, &ctx->drbg, s->in, s->out);
}

typedef struct {
    mbedtls_ecdsa_context fixed, random;
    mbedtls_ecdsa_context *signer;
    unsigned char hash[32];
    unsigned char sig[MBEDTLS_ECDSA_MAX_LEN];
    size_t sig_len;
} ecdsa_state_t;

static int ecdsa_sign(bench_ctx_t *ctx, ecdsa_state_t *s)
{
    return BENCH_ECDSA_WRITE(s->signer, MBEDTLS_MD_SHA256, s->hash, sizeof s->hash, s->sig, sizeof s->sig,
                             &s->sig_len, bench_random, &ctx->drbg);
}

static int ecdsa_prepare(bench_ctx_t *ctx, const bench_leak_case_t *c, void **state, const char **why)
{
    (void)c;
    ecdsa_state_t *s = calloc(1, sizeof *s);
    *state = s;
    *why = "out of memory";
    if (s == NULL) {
        return MBEDTLS_ERR_ECP_ALLOC_FAILED;
    }
    mbedtls_ecdsa_init(&s->fixed);
    mbedtls_ecdsa_init(&s->random);
    s->signer = &s->fixed;
    *why = "key generation failed";
    int rc = mbedtls_ecdsa_genkey(&s->fixed, MBEDTLS_ECP_DP_SECP256R1, bench_random, &ctx->drbg);
    rc = rc != 0 ? rc : BENCH_SHA256((const unsigned char *)BENCH_MESSAGE, sizeof BENCH_MESSAGE - 1, s->hash);
    *why = "signing failed";
    rc = rc != 0 ? rc : ecdsa_sign(ctx, s);
    *why = "verification of a fresh signature failed";
    return rc != 0 ? rc : mbedtls_ecdsa_read_signature(&s->fixed, s->hash, sizeof s->hash, s->sig, s->sig_len);
}

static int ecdsa_input(bench_ctx_t *ctx, void *state, unsigned cls)
{
    ecdsa_state_t *s = state;
    if (cls == 0) {
        s->signer = &s->fixed;
        return 0;
    }
    s->signer = &s->random;
    mbedtls_ecdsa_free(&s->random);
    mbedtls_ecdsa_init(&s->random);
    return mbedtls_ecdsa_genkey(&s->random, MBEDTLS_ECP_DP_SECP256R1, bench_random, &ctx->drbg);
}

static int ecdsa_op(bench_ctx_t *ctx, void *state)
{
    return ecdsa_sign(ctx, state);
}

static void ecdsa_finish(void *state)
{
    ecdsa_state_t *s = state;
    if (s != NULL) {
        mbedtls_ecdsa_free(&s->fixed);
        mbedtls_ecdsa_free(&s->random);
        free(s);
    }
}

const bench_leak_kind_t bench_leak_aes = {aes_prepare, aes_input, aes_op, aes_finish};
const bench_leak_kind_t bench_leak_rsa_private = {rsa_prepare, rsa_input, rsa_op, free};
const bench_leak_kind_t bench_leak_ecdsa_sign = {ecdsa_prepare, ecdsa_input, ecdsa_op, ecdsa_finish};
