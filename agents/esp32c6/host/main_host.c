/* cryptobench_host: the firmware's benchmark core on this machine.
 * Usage: cryptobench_host [--quick] [--iterations N] [--keygen-iterations N]
 *                         [--suites rsa,hash,ecdsa,cipher] [--max-key-bits N] [--max-block-bytes N]
 *        cryptobench_host --leak-test [--leak-samples N] [--leak-slow-samples N] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "leak.h"

static const char k_usage[] =
    "usage: cryptobench_host [--quick] [--iterations N] [--keygen-iterations N]\n"
    "                        [--suites rsa,hash,ecdsa,cipher] [--max-key-bits N] [--max-block-bytes N]\n"
    "       cryptobench_host --leak-test [--leak-samples N] [--leak-slow-samples N]\n"
    "  --quick      3 iterations, 1 key generation, RSA up to 3072 bits (no 4096-bit key generation)\n"
    "  --leak-test  timing-leak screen: each case on a fixed and a random input class, interleaved;\n"
    "               N samples per class (default 5000; RSA and ECDSA: 500, 0 skips them)\n";

static int parse_number(const char *text, unsigned *out)
{
    char *end = NULL;
    unsigned long value = text ? strtoul(text, &end, 10) : 0;
    if (text == NULL || *text == '\0' || *end != '\0' || value > 1000000ul) {
        return -1;
    }
    *out = (unsigned)value;
    return 0;
}

static int parse_suites(const char *text, unsigned *out)
{
    static const char *const names[] = {"rsa", "hash", "ecdsa", "cipher"};
    char copy[64];
    if (text == NULL || strlen(text) >= sizeof copy) {
        return -1;
    }
    strcpy(copy, text);
    *out = 0;
    for (char *tok = strtok(copy, ","); tok != NULL; tok = strtok(NULL, ",")) {
        unsigned i = 0;
        while (i < 4 && strcmp(tok, names[i]) != 0) {
            i++;
        }
        if (i == 4) {
            return -1;
        }
        *out |= 1u << i;
    }
    return *out ? 0 : -1;
}

static int parse_args(int argc, char **argv, bench_config_t *config, bench_leak_config_t *leak, int *leak_test)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        int rc = 0;
        if (strcmp(arg, "--quick") == 0) {
            config->iterations = 3;
            config->keygen_iterations = 1;
            config->max_key_bits = 3072;
            continue;
        } else if (strcmp(arg, "--leak-test") == 0) {
            *leak_test = 1;
            continue;
        } else if (strcmp(arg, "--leak-samples") == 0) {
            rc = parse_number(value, &leak->samples);
        } else if (strcmp(arg, "--leak-slow-samples") == 0) {
            rc = parse_number(value, &leak->slow_samples);
        } else if (strcmp(arg, "--iterations") == 0) {
            rc = parse_number(value, &config->iterations);
        } else if (strcmp(arg, "--keygen-iterations") == 0) {
            rc = parse_number(value, &config->keygen_iterations);
        } else if (strcmp(arg, "--suites") == 0) {
            rc = parse_suites(value, &config->suites);
        } else if (strcmp(arg, "--max-key-bits") == 0) {
            rc = parse_number(value, &config->max_key_bits);
        } else if (strcmp(arg, "--max-block-bytes") == 0) {
            rc = parse_number(value, &config->max_block_bytes);
        } else {
            rc = -1;
        }
        if (rc != 0) {
            fprintf(stderr, "cryptobench_host: bad argument %s %s\n%s", arg, value ? value : "", k_usage);
            return -1;
        }
        i++;
    }
    return 0;
}

int main(int argc, char **argv)
{
    bench_config_t config = {10, 2, BENCH_SUITE_ALL, 4096, 16384};
    bench_leak_config_t leak = {5000, 500};
    int leak_test = 0;
    if (parse_args(argc, argv, &config, &leak, &leak_test) != 0) {
        return 2;
    }
    if (leak_test) {
        return bench_leak_run(&leak) == 0 ? 0 : 1;
    }
    return bench_run(&config) == 0 ? 0 : 1;
}
