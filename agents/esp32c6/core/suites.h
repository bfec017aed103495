/* The kinds of cases the table in cases.c is made of. */
#ifndef CRYPTOBENCH_SUITES_H
#define CRYPTOBENCH_SUITES_H

#include "bench.h"

/* The fixed message every signature and the SHA-256 known-answer case use (seed 002). */
#define BENCH_MESSAGE "OPEN MESSAGE FOR ENCRYPTION"

extern const bench_kind_t bench_rsa_keygen;
extern const bench_kind_t bench_rsa_sign;
extern const bench_kind_t bench_rsa_verify;
extern const bench_kind_t bench_ecdsa_sign;
extern const bench_kind_t bench_ecdsa_verify;
extern const bench_kind_t bench_sha256;
extern const bench_kind_t bench_aes_cbc;
extern const bench_kind_t bench_aes_gcm;

/* mbedtls_ctr_drbg_random with the run's generator, for APIs that take f_rng/p_rng. */
int bench_random(void *ctx, unsigned char *out, size_t len);

#endif
