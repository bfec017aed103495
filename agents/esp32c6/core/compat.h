/* The few Mbed TLS API differences between 2.28 (Debian 12 host build) and 3.x (ESP-IDF 5.x).
 * Mbed TLS 4 (ESP-IDF 6) removed mbedtls_rsa_* and is not supported. */
#ifndef CRYPTOBENCH_COMPAT_H
#define CRYPTOBENCH_COMPAT_H

#include "mbedtls/version.h"
#include "mbedtls/ecdsa.h"
#include "mbedtls/rsa.h"
#include "mbedtls/sha256.h"

#if MBEDTLS_VERSION_MAJOR >= 4
#error "Mbed TLS 4 dropped the mbedtls_rsa_* API this benchmark times; use ESP-IDF 5.x (Mbed TLS 3.x)"
#endif

#if MBEDTLS_VERSION_MAJOR == 2
#define BENCH_SHA256(in, len, out) mbedtls_sha256_ret((in), (len), (out), 0)
#define BENCH_RSA_INIT(ctx) mbedtls_rsa_init((ctx), MBEDTLS_RSA_PKCS_V15, 0)
#define BENCH_RSA_SET_PADDING(ctx, pad, md) (mbedtls_rsa_set_padding((ctx), (pad), (md)), 0)
#define BENCH_RSA_SIGN(ctx, rng, prng, md, hlen, hash, sig) \
    mbedtls_rsa_pkcs1_sign((ctx), (rng), (prng), MBEDTLS_RSA_PRIVATE, (md), (hlen), (hash), (sig))
#define BENCH_RSA_VERIFY(ctx, md, hlen, hash, sig) \
    mbedtls_rsa_pkcs1_verify((ctx), NULL, NULL, MBEDTLS_RSA_PUBLIC, (md), (hlen), (hash), (sig))
#define BENCH_ECDSA_WRITE(ctx, md, hash, hlen, sig, size, slen, rng, prng) \
    mbedtls_ecdsa_write_signature((ctx), (md), (hash), (hlen), (sig), (slen), (rng), (prng))
#else
#define BENCH_SHA256(in, len, out) mbedtls_sha256((in), (len), (out), 0)
#define BENCH_RSA_INIT(ctx) mbedtls_rsa_init((ctx))
#define BENCH_RSA_SET_PADDING(ctx, pad, md) mbedtls_rsa_set_padding((ctx), (pad), (md))
#define BENCH_RSA_SIGN(ctx, rng, prng, md, hlen, hash, sig) \
    mbedtls_rsa_pkcs1_sign((ctx), (rng), (prng), (md), (hlen), (hash), (sig))
#define BENCH_RSA_VERIFY(ctx, md, hlen, hash, sig) \
    mbedtls_rsa_pkcs1_verify((ctx), (md), (hlen), (hash), (sig))
#define BENCH_ECDSA_WRITE(ctx, md, hash, hlen, sig, size, slen, rng, prng) \
    mbedtls_ecdsa_write_signature((ctx), (md), (hash), (hlen), (sig), (size), (slen), (rng), (prng))
#endif

#endif
