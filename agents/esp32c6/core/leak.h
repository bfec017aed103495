/* Leak-test mode (protocol version 2): one operation measured on two input classes, the samples
 * of the two classes taken interleaved in a random order (dudect: Reparaz, Balasch, Verbauwhede,
 * "Dude, is my code constant time?", 2017), every sample reported. The server computes the
 * statistics; the firmware only measures. */
#ifndef CRYPTOBENCH_LEAK_H
#define CRYPTOBENCH_LEAK_H

#include "bench.h"

#define BENCH_LEAK_PROTOCOL_VERSION 2
#ifndef BENCH_LEAK_MAX_SAMPLES
#define BENCH_LEAK_MAX_SAMPLES 5000 /* per class */
#endif

/* What a leak-test run is asked to do. */
typedef struct {
    unsigned samples;      /* samples per class of the fast cases (fixtures, AES) */
    unsigned slow_samples; /* samples per class of RSA and ECDSA; 0 skips them */
} bench_leak_config_t;

typedef struct bench_leak_case bench_leak_case_t;

/* prepare() makes the secret and checks the operation (known answer, round trip); input() makes,
 * untimed, the input of one sample of class 0 (fixed / valid) or 1 (random / invalid); op() is
 * the timed operation on it. */
typedef struct {
    int (*prepare)(bench_ctx_t *ctx, const bench_leak_case_t *c, void **state, const char **why);
    int (*input)(bench_ctx_t *ctx, void *state, unsigned cls);
    int (*op)(bench_ctx_t *ctx, void *state);
    void (*finish)(void *state);
} bench_leak_kind_t;

struct bench_leak_case {
    const char *name;    /* e.g. "leak-compare-early-exit" */
    const char *family;  /* contract family */
    const char *alg;     /* canonical algorithm */
    const char *op;      /* contract operation */
    const char *library; /* the implementation measured; NULL: Mbed TLS */
    const char *params;  /* the params object's members as JSON, without input_class */
    const char *classes[2]; /* input_class of class 0 and 1: "fixed"/"random" or "valid"/"invalid" */
    int slow;            /* measured with slow_samples */
    const bench_leak_kind_t *kind;
};

extern const bench_leak_kind_t bench_leak_compare_early_exit;
extern const bench_leak_kind_t bench_leak_compare_constant_time;
extern const bench_leak_kind_t bench_leak_aes;
extern const bench_leak_kind_t bench_leak_rsa_private;
extern const bench_leak_kind_t bench_leak_ecdsa_sign;

extern const bench_leak_case_t bench_leak_cases[];
extern const size_t bench_leak_case_count;

/* BENCH_BEGIN (mode leak-test), per case and class one BENCH line followed by BENCH_RAW lines
 * with its samples in the order taken, BENCH_END. Sample counts above BENCH_LEAK_MAX_SAMPLES are
 * that many (the BEGIN line says what was used). Returns the number of error lines printed. */
unsigned bench_leak_run(const bench_leak_config_t *asked);

#endif
