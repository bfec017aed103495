/* The table of cases: one row per (algorithm, operation, parameters). bench_run() walks it in
 * one loop; the kinds in suite_*.c do the work. */
#include "suites.h"

#define RSA_ROW(bits, pad, op, kind) \
    {"rsa-" #bits "-" pad "-" op, "signature", "RSA", op, BENCH_SUITE_RSA, bits, pad, NULL, 0, NULL, 1, &kind}

#define RSA_ROWS(bits)                                                                                       \
    {"rsa-" #bits "-keygen", "keygen", "RSA", "keygen", BENCH_SUITE_RSA, bits, NULL, NULL, 0, NULL, 1,       \
     &bench_rsa_keygen},                                                                                     \
        RSA_ROW(bits, "pkcs1v15", "sign", bench_rsa_sign), RSA_ROW(bits, "pkcs1v15", "verify", bench_rsa_verify), \
        RSA_ROW(bits, "pss", "sign", bench_rsa_sign), RSA_ROW(bits, "pss", "verify", bench_rsa_verify),       \
        RSA_ROW(bits, "none", "sign", bench_rsa_sign), RSA_ROW(bits, "none", "verify", bench_rsa_verify)

#define ECDSA_ROWS(curve)                                                                                  \
    {"ecdsa-" curve "-sign", "signature", "ECDSA", "sign", BENCH_SUITE_ECDSA, 0, NULL, curve, 0, NULL, 1,   \
     &bench_ecdsa_sign},                                                                                   \
        {"ecdsa-" curve "-verify", "signature", "ECDSA", "verify", BENCH_SUITE_ECDSA, 0, NULL, curve, 0, NULL, 1, \
         &bench_ecdsa_verify}

/* Throughput rows: 16 B .. 16 KiB; short buffers are batched so one sample is ~16 KiB of work. */
#define SPEED_ROW(name, family, alg, op, suite, key_bits, bytes, kind) \
    {name "-" #bytes, family, alg, op, suite, key_bits, NULL, NULL, bytes, "block_bytes", 16384 / bytes, &kind}
#define SPEED_ROWS(name, family, alg, op, suite, key_bits, kind)                                  \
    SPEED_ROW(name, family, alg, op, suite, key_bits, 16, kind),                                  \
        SPEED_ROW(name, family, alg, op, suite, key_bits, 64, kind),                              \
        SPEED_ROW(name, family, alg, op, suite, key_bits, 256, kind),                             \
        SPEED_ROW(name, family, alg, op, suite, key_bits, 1024, kind),                            \
        SPEED_ROW(name, family, alg, op, suite, key_bits, 4096, kind),                            \
        SPEED_ROW(name, family, alg, op, suite, key_bits, 16384, kind)

const bench_case_t bench_cases[] = {
    {"sha256-fixed-message", "hash", "SHA-256", "hash", BENCH_SUITE_HASH, 0, NULL, NULL,
     sizeof BENCH_MESSAGE - 1, "message_bytes", 64, &bench_sha256},
    RSA_ROWS(2048),
    RSA_ROWS(3072),
    RSA_ROWS(4096),
    ECDSA_ROWS("secp256r1"),
    ECDSA_ROWS("secp256k1"),
    SPEED_ROWS("sha256", "hash", "SHA-256", "hash", BENCH_SUITE_HASH, 0, bench_sha256),
    SPEED_ROWS("aes-128-cbc", "cipher", "AES-128-CBC", "encrypt", BENCH_SUITE_CIPHER, 128, bench_aes_cbc),
    SPEED_ROWS("aes-256-cbc", "cipher", "AES-256-CBC", "encrypt", BENCH_SUITE_CIPHER, 256, bench_aes_cbc),
    SPEED_ROWS("aes-128-gcm", "aead", "AES-128-GCM", "encrypt", BENCH_SUITE_CIPHER, 128, bench_aes_gcm),
    SPEED_ROWS("aes-256-gcm", "aead", "AES-256-GCM", "encrypt", BENCH_SUITE_CIPHER, 256, bench_aes_gcm),
};

const size_t bench_case_count = sizeof bench_cases / sizeof bench_cases[0];
