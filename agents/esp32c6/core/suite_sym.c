/* SHA-256 and AES-CBC/GCM over buffers of the case's size. Each kind checks a published
 * known answer (FIPS 180-2, FIPS-197, the GCM specification) and a round trip first. */
#include <stdlib.h>
#include <string.h>

#include "compat.h"
#include "mbedtls/aes.h"
#include "mbedtls/gcm.h"
#include "suites.h"

#define KAT_MISMATCH (-0x7F00)

typedef struct {
    mbedtls_aes_context aes;
    mbedtls_gcm_context gcm;
    unsigned char key[32];
    unsigned char iv[16];
    unsigned char tag[16];
    unsigned char digest[32];
    unsigned char *in, *out, *back;
} sym_state_t;

static const unsigned char k_message_sha256[32] = {
    0x74, 0xe7, 0xad, 0x9f, 0x8d, 0x42, 0xcc, 0xa1, 0xec, 0x8e, 0x83, 0x1d, 0xf7, 0xec, 0x0a, 0x2f,
    0x37, 0x86, 0xd3, 0xec, 0x27, 0x8d, 0x7a, 0xa1, 0xe0, 0xce, 0xe8, 0x0e, 0x9f, 0xf5, 0x79, 0x17};
static const unsigned char k_abc_sha256[32] = {
    0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
    0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
static const unsigned char k_fips197_plain[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                                  0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
static const unsigned char k_fips197_aes128[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                                   0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
static const unsigned char k_fips197_aes256[16] = {0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
                                                   0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89};
/* GCM spec test cases 2 (AES-128) and 14 (AES-256): zero key, zero IV, one zero block. */
static const unsigned char k_gcm128[32] = {
    0x03, 0x88, 0xda, 0xce, 0x60, 0xb6, 0xa3, 0x92, 0xf3, 0x28, 0xc2, 0xb9, 0x71, 0xb2, 0xfe, 0x78,
    0xab, 0x6e, 0x47, 0xd4, 0x2c, 0xec, 0x13, 0xbd, 0xf5, 0x3a, 0x67, 0xb2, 0x12, 0x57, 0xbd, 0xdf};
static const unsigned char k_gcm256[32] = {
    0xce, 0xa7, 0x40, 0x3d, 0x4d, 0x60, 0x6b, 0x6e, 0x07, 0x4e, 0xc5, 0xd3, 0xba, 0xf3, 0x9d, 0x18,
    0xd0, 0xd1, 0xc8, 0xa7, 0x99, 0x99, 0x6b, 0xf0, 0x26, 0x5b, 0x98, 0xb5, 0xd4, 0x8a, 0xb9, 0x19};

static int expect(int rc, const void *got, const void *want, size_t len)
{
    return rc != 0 ? rc : (memcmp(got, want, len) != 0 ? KAT_MISMATCH : 0);
}

static sym_state_t *sym_alloc(const bench_case_t *c, void **state)
{
    sym_state_t *s = calloc(1, sizeof *s);
    *state = s;
    if (s == NULL) {
        return NULL;
    }
    mbedtls_aes_init(&s->aes);
    mbedtls_gcm_init(&s->gcm);
    s->in = calloc(1, c->bytes);
    s->out = calloc(1, c->bytes);
    s->back = calloc(1, c->bytes);
    for (size_t i = 0; s->in != NULL && i < c->bytes; i++) {
        s->in[i] = (unsigned char)(i * 7 + 1);
    }
    return (s->in && s->out && s->back) ? s : NULL;
}

static int sha_prepare(bench_ctx_t *ctx, const bench_case_t *c, void **state, const char **why)
{
    (void)ctx;
    sym_state_t *s = sym_alloc(c, state);
    *why = "out of memory";
    if (s == NULL) {
        return KAT_MISMATCH;
    }
    *why = "SHA-256 known answer mismatch";
    int rc = expect(BENCH_SHA256((const unsigned char *)"abc", 3, s->digest), s->digest, k_abc_sha256, 32);
    if (rc == 0 && strcmp(c->size_param, "message_bytes") == 0) {
        memcpy(s->in, BENCH_MESSAGE, c->bytes);
        rc = expect(BENCH_SHA256(s->in, c->bytes, s->digest), s->digest, k_message_sha256, 32);
    }
    return rc;
}

static int sha_op(bench_ctx_t *ctx, const bench_case_t *c, void *state)
{
    (void)ctx;
    sym_state_t *s = state;
    return BENCH_SHA256(s->in, c->bytes, s->digest);
}

static int cbc_prepare(bench_ctx_t *ctx, const bench_case_t *c, void **state, const char **why)
{
    (void)ctx;
    sym_state_t *s = sym_alloc(c, state);
    *why = "out of memory";
    if (s == NULL) {
        return KAT_MISMATCH;
    }
    for (unsigned i = 0; i < 32; i++) {
        s->key[i] = (unsigned char)i;
    }
    *why = "AES-CBC known answer mismatch";
    unsigned char block[16];
    int rc = mbedtls_aes_setkey_enc(&s->aes, s->key, c->key_bits);
    rc = rc != 0 ? rc : mbedtls_aes_crypt_cbc(&s->aes, MBEDTLS_AES_ENCRYPT, 16, s->iv, k_fips197_plain, block);
    rc = expect(rc, block, c->key_bits == 128 ? k_fips197_aes128 : k_fips197_aes256, 16);
    memset(s->iv, 0, sizeof s->iv);
    rc = rc != 0 ? rc : mbedtls_aes_crypt_cbc(&s->aes, MBEDTLS_AES_ENCRYPT, c->bytes, s->iv, s->in, s->out);
    rc = rc != 0 ? rc : mbedtls_aes_setkey_dec(&s->aes, s->key, c->key_bits);
    memset(s->iv, 0, sizeof s->iv);
    *why = "AES-CBC round trip mismatch";
    rc = rc != 0 ? rc : mbedtls_aes_crypt_cbc(&s->aes, MBEDTLS_AES_DECRYPT, c->bytes, s->iv, s->out, s->back);
    rc = expect(rc, s->back, s->in, c->bytes);
    return rc != 0 ? rc : mbedtls_aes_setkey_enc(&s->aes, s->key, c->key_bits);
}

static int cbc_op(bench_ctx_t *ctx, const bench_case_t *c, void *state)
{
    (void)ctx;
    sym_state_t *s = state;
    return mbedtls_aes_crypt_cbc(&s->aes, MBEDTLS_AES_ENCRYPT, c->bytes, s->iv, s->in, s->out);
}

static int gcm_encrypt(sym_state_t *s, size_t len, const unsigned char *in, unsigned char *out)
{
    return mbedtls_gcm_crypt_and_tag(&s->gcm, MBEDTLS_GCM_ENCRYPT, len, s->iv, 12, NULL, 0, in, out, 16, s->tag);
}

static int gcm_prepare(bench_ctx_t *ctx, const bench_case_t *c, void **state, const char **why)
{
    (void)ctx;
    sym_state_t *s = sym_alloc(c, state);
    *why = "out of memory";
    if (s == NULL) {
        return KAT_MISMATCH;
    }
    *why = "AES-GCM known answer mismatch";
    unsigned char zero[16] = {0}, block[32];
    int rc = mbedtls_gcm_setkey(&s->gcm, MBEDTLS_CIPHER_ID_AES, s->key, c->key_bits);
    rc = rc != 0 ? rc : gcm_encrypt(s, 16, zero, block);
    memcpy(block + 16, s->tag, 16);
    rc = expect(rc, block, c->key_bits == 128 ? k_gcm128 : k_gcm256, 32);
    *why = "AES-GCM round trip mismatch";
    rc = rc != 0 ? rc : gcm_encrypt(s, c->bytes, s->in, s->out);
    rc = rc != 0 ? rc
                 : mbedtls_gcm_auth_decrypt(&s->gcm, c->bytes, s->iv, 12, NULL, 0, s->tag, 16, s->out, s->back);
    return expect(rc, s->back, s->in, c->bytes);
}

static int gcm_op(bench_ctx_t *ctx, const bench_case_t *c, void *state)
{
    (void)ctx;
    sym_state_t *s = state;
    return gcm_encrypt(s, c->bytes, s->in, s->out);
}

static void sym_finish(void *state)
{
    sym_state_t *s = state;
    if (s != NULL) {
        mbedtls_aes_free(&s->aes);
        mbedtls_gcm_free(&s->gcm);
        free(s->in);
        free(s->out);
        free(s->back);
        free(s);
    }
}

const bench_kind_t bench_sha256 = {sha_prepare, sha_op, sym_finish};
const bench_kind_t bench_aes_cbc = {cbc_prepare, cbc_op, sym_finish};
const bench_kind_t bench_aes_gcm = {gcm_prepare, gcm_op, sym_finish};
