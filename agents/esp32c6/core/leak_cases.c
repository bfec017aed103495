/* The leak test's cases. The Mbed TLS rows carry the identity of the matching speed case
 * (cases.c) plus params.input_class, so a verdict sits beside its speed figure. */
#include "leak.h"

#define FIXTURE "CryptoBench fixture"
#define CLASSES {"fixed", "random"}

const bench_leak_case_t bench_leak_cases[] = {
    {"leak-compare-early-exit", "mac", "tag compare", "verify", FIXTURE,
     "\"variant\":\"early-exit\",\"message_bytes\":64", CLASSES, 0, &bench_leak_compare_early_exit},
    {"leak-compare-constant-time", "mac", "tag compare", "verify", FIXTURE,
     "\"variant\":\"constant-time\",\"message_bytes\":64", CLASSES, 0, &bench_leak_compare_constant_time},
    {"leak-aes-128-cbc-16", "cipher", "AES-128-CBC", "encrypt", NULL, "\"block_bytes\":16", CLASSES, 0,
     &bench_leak_aes},
    {"leak-rsa-2048-none-sign", "signature", "RSA", "sign", NULL, "\"key_bits\":2048,\"padding\":\"none\"",
     CLASSES, 1, &bench_leak_rsa_private},
    {"leak-ecdsa-secp256r1-sign", "signature", "ECDSA", "sign", NULL,
     "\"curve\":\"secp256r1\",\"hash\":\"SHA-256\"", CLASSES, 1, &bench_leak_ecdsa_sign},
};

const size_t bench_leak_case_count = sizeof bench_leak_cases / sizeof bench_leak_cases[0];
