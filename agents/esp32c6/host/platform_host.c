/* Host backend: CLOCK_MONOTONIC nanoseconds. No cycle counter is claimed: rdtsc counts a
 * constant reference rate, not the core's cycles, so the host reports time, not cycles. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "bench_platform.h"
#include "mbedtls/version.h"
#if MBEDTLS_VERSION_MAJOR == 2 && defined(__x86_64__)
#include "mbedtls/aesni.h"
#endif

#ifndef BENCH_OPT_LEVEL
#define BENCH_OPT_LEVEL NULL
#endif

static char g_cpu[128];
static char g_sdk[400];
static char g_host[256];
static char g_arch[65];

static void read_cpu_model(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[256];
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        char *colon = strchr(line, ':');
        if (colon != NULL && strncmp(line, "model name", 10) == 0) {
            snprintf(g_cpu, sizeof g_cpu, "%s", colon + 2);
            g_cpu[strcspn(g_cpu, "\n")] = '\0';
            break;
        }
    }
    if (f != NULL) {
        fclose(f);
    }
}

static void fill_accel(bench_identity_t *id)
{
    unsigned n = 0;
#if MBEDTLS_VERSION_MAJOR == 2 && defined(__x86_64__) && defined(MBEDTLS_AESNI_C)
    if (mbedtls_aesni_has_support(MBEDTLS_AESNI_AES)) {
        id->accel[n++] = "aesni";
    }
#endif
    id->accel[n] = NULL;
}

void bench_platform_identity(bench_identity_t *id)
{
    struct utsname uts;
    memset(id, 0, sizeof *id);
    read_cpu_model();
    if (uname(&uts) == 0) {
        snprintf(g_sdk, sizeof g_sdk, "%s %s", uts.sysname, uts.release);
        snprintf(g_arch, sizeof g_arch, "%s", uts.machine);
    }
#if defined(__i386__)
    /* the 32-bit build (gcc -m32) on a 64-bit kernel: name the code's architecture, not uname's */
    snprintf(g_arch, sizeof g_arch, "%s", "i386");
#endif
    if (gethostname(g_host, sizeof g_host - 1) != 0) {
        g_host[0] = '\0';
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    id->target = "host";
    id->device = g_host[0] ? g_host : NULL;
    id->arch = g_arch[0] ? g_arch : NULL;
    id->chip = g_cpu[0] ? g_cpu : NULL;
    id->cores = cores > 0 ? (unsigned)cores : 0;
    id->sdk = g_sdk[0] ? g_sdk : NULL;
#if defined(__clang__)
    id->compiler = "clang " __clang_version__;
#elif defined(__GNUC__)
    id->compiler = "gcc " __VERSION__;
#endif
    id->opt_level = BENCH_OPT_LEVEL;
    fill_accel(id);
    id->unit = "ns";
    id->clock = "CLOCK_MONOTONIC";
}

void bench_platform_stamp(bench_stamp_t *stamp)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    stamp->counter = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
    stamp->micros = stamp->counter / 1000u;
}

uint64_t bench_platform_elapsed(const bench_stamp_t *start, const bench_stamp_t *end)
{
    return end->counter - start->counter;
}

void bench_platform_pause(void)
{
}

void bench_platform_emit(const char *line)
{
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}
