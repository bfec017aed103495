/* Mbed TLS 2.28 configuration of the RV32 build (MBEDTLS_CONFIG_FILE): what the benchmark
 * core calls, with the library's default choices for those modules (the same algorithms as
 * Debian's host build, e.g. deterministic ECDSA and the NIST curve shortcuts), on bare metal.
 *
 * No platform entropy exists on the emulated machine: MBEDTLS_ENTROPY_HARDWARE_ALT takes the
 * seed from mbedtls_hardware_poll() in platform_rv32.c, a fixed-seed generator, so that every
 * run generates the same keys and retires the same instructions. It is not random; never use
 * this configuration for anything but benchmarks. */
#ifndef CRYPTOBENCH_RV32_MBEDTLS_CONFIG_H
#define CRYPTOBENCH_RV32_MBEDTLS_CONFIG_H

#define MBEDTLS_NO_PLATFORM_ENTROPY
#define MBEDTLS_ENTROPY_HARDWARE_ALT

#define MBEDTLS_CIPHER_MODE_CBC
#define MBEDTLS_ECP_DP_SECP256R1_ENABLED
#define MBEDTLS_ECP_DP_SECP256K1_ENABLED
#define MBEDTLS_ECP_NIST_OPTIM
#define MBEDTLS_ECDSA_DETERMINISTIC
#define MBEDTLS_GENPRIME
#define MBEDTLS_PKCS1_V15
#define MBEDTLS_PKCS1_V21

#define MBEDTLS_AES_C
#define MBEDTLS_ASN1_PARSE_C
#define MBEDTLS_ASN1_WRITE_C
#define MBEDTLS_BIGNUM_C
#define MBEDTLS_CIPHER_C
#define MBEDTLS_CTR_DRBG_C
#define MBEDTLS_ECDSA_C
#define MBEDTLS_ECP_C
#define MBEDTLS_ENTROPY_C
#define MBEDTLS_GCM_C
#define MBEDTLS_HMAC_DRBG_C
#define MBEDTLS_MD_C
#define MBEDTLS_OID_C
#define MBEDTLS_RSA_C
#define MBEDTLS_SHA256_C
#define MBEDTLS_SHA512_C

#include "mbedtls/check_config.h"

#endif
