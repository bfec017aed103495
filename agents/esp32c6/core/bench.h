/* The portable benchmark core: case table, timing statistics, line protocol.
 *
 * The same files build inside ESP-IDF (main/CMakeLists.txt) and on a host against the
 * system's Mbed TLS (host/CMakeLists.txt); only the platform backend (bench_platform.h)
 * differs between the two.
 */
#ifndef CRYPTOBENCH_BENCH_H
#define CRYPTOBENCH_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "mbedtls/ctr_drbg.h"
#include "mbedtls/entropy.h"
#include "mbedtls/rsa.h"

#define BENCH_PROTOCOL_VERSION 1
#define BENCH_MAX_ITERATIONS 1000
#define BENCH_RSA_SIZES 3
#define BENCH_UUID_LEN 36

/* Suites a run can select (bit mask). */
enum {
    BENCH_SUITE_RSA = 1u << 0,
    BENCH_SUITE_HASH = 1u << 1,
    BENCH_SUITE_ECDSA = 1u << 2,
    BENCH_SUITE_CIPHER = 1u << 3,
    BENCH_SUITE_ALL = 0xFu,
};

/* What a run is asked to do. */
typedef struct {
    unsigned iterations;        /* timed samples per case */
    unsigned keygen_iterations; /* timed samples per key generation case; 0 skips those cases
                                   (the keys the other RSA cases need are still generated) */
    unsigned suites;            /* BENCH_SUITE_* mask */
    unsigned max_key_bits;      /* RSA cases above this size are skipped */
    unsigned max_block_bytes;   /* throughput cases above this size are skipped */
} bench_config_t;

/* State shared by the cases of one run: the random generator and the RSA keys made so far. */
typedef struct {
    mbedtls_entropy_context entropy;
    mbedtls_ctr_drbg_context drbg;
    mbedtls_rsa_context rsa[BENCH_RSA_SIZES];
    unsigned rsa_bits[BENCH_RSA_SIZES];
    char run_id[BENCH_UUID_LEN + 1];
    unsigned protocol; /* the line protocol's version this run prints */
    unsigned seq;
    unsigned errors;
} bench_ctx_t;

typedef struct bench_case bench_case_t;

/* A kind of case: prepare() makes keys/buffers and checks the result (known answer, verify)
 * before anything is timed; op() is one timed operation; finish() frees what prepare made. */
typedef struct {
    int (*prepare)(bench_ctx_t *ctx, const bench_case_t *c, void **state, const char **why);
    int (*op)(bench_ctx_t *ctx, const bench_case_t *c, void *state);
    void (*finish)(void *state);
} bench_kind_t;

struct bench_case {
    const char *name;    /* the case's own name, e.g. "rsa-2048-pss-sign" */
    const char *family;  /* contract family: signature, keygen, hash, cipher, aead */
    const char *alg;     /* canonical algorithm: RSA, ECDSA, SHA-256, AES-128-GCM */
    const char *op;      /* contract operation: sign, verify, keygen, hash, encrypt */
    unsigned suite;      /* BENCH_SUITE_* */
    unsigned key_bits;   /* RSA modulus or AES key size; 0 when not relevant */
    const char *padding; /* pkcs1v15, pss, none; NULL when not relevant */
    const char *curve;   /* secp256r1, secp256k1; NULL when not relevant */
    size_t bytes;        /* bytes processed per operation; 0 when not relevant */
    const char *size_param; /* how `bytes` is named in params: block_bytes or message_bytes */
    unsigned batch;      /* operations per timed sample (short operations are batched) */
    const bench_kind_t *kind;
};

/* Summary of the timed samples of one case, per operation, in the platform's unit. */
typedef struct {
    uint64_t min, median, max;
    unsigned count;
} bench_stats_t;

extern const bench_case_t bench_cases[];
extern const size_t bench_case_count;

/* Run every selected case once, printing BENCH_BEGIN, one BENCH line per case, BENCH_END.
 * Returns the number of cases that reported an error. */
unsigned bench_run(const bench_config_t *config);

/* The same over another table (the host's runner test uses one with failing cases). */
unsigned bench_run_table(const bench_config_t *config, const bench_case_t *cases, size_t count);

/* Seed the run's generator and make its run id (the salt is mixed into the id); 0 on success.
 * bench_stop() frees what bench_start() and the cases made. */
int bench_start(bench_ctx_t *ctx, uint64_t run_salt);
void bench_stop(bench_ctx_t *ctx);

/* The RSA key of `bits` for this run, generated (untimed) on first use; NULL on failure. */
mbedtls_rsa_context *bench_rsa_key(bench_ctx_t *ctx, unsigned bits);

/* Sort `samples` in place and summarise them divided by `batch`. */
bench_stats_t bench_summarise(uint64_t *samples, unsigned count, unsigned batch);

/* Full cycle count of an interval from a wrapped 32-bit counter delta and the interval's
 * length on a 64-bit microsecond clock: the number of counter wraps is the one that brings
 * the cycle count closest to micros * cpu_mhz. */
uint64_t bench_unwrap_cycles(uint32_t cycle_delta, uint64_t micros, uint32_t cpu_mhz);

#endif
