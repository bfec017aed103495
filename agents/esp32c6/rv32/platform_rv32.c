/* Bare-metal RV32 backend for QEMU's `virt` machine run with `-icount shift=0`: the unit is
 * instructions retired (the instret counter; under -icount QEMU counts every guest instruction,
 * so a build's counts repeat exactly from run to run). Lines go out on the 16550 UART at
 * 0x10000000. Nothing here models the ESP32-C6's pipeline, caches or accelerators. */
#include <picolibc.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench_platform.h"
#include "rv32.h"

#ifndef BENCH_OPT_LEVEL
#error "BENCH_OPT_LEVEL (the -O level the build used) must be defined"
#endif

#define UART_BASE 0x10000000u
#define UART_THR 0u
#define UART_LSR 5u
#define UART_LSR_THRE 0x20u
#define RTC_BASE 0x00101000u /* goldfish RTC: nanoseconds of the host's wall clock */
#define FINISHER_BASE 0x00100000u
#define FINISHER_PASS 0x5555u
#define FINISHER_FAIL 0x3333u

static volatile uint8_t *const uart = (volatile uint8_t *)UART_BASE;

static uint64_t instret(void)
{
    uint32_t hi, lo, again;
    do {
        __asm__ volatile("rdinstreth %0" : "=r"(hi));
        __asm__ volatile("rdinstret %0" : "=r"(lo));
        __asm__ volatile("rdinstreth %0" : "=r"(again));
    } while (hi != again);
    return ((uint64_t)hi << 32) | lo;
}

static uint64_t wall_clock_ns(void)
{
    volatile uint32_t *rtc = (volatile uint32_t *)RTC_BASE;
    uint32_t lo = rtc[0]; /* reading the low word latches the high word */
    return ((uint64_t)rtc[1] << 32) | lo;
}

static void uart_put(char ch)
{
    while ((uart[UART_LSR] & UART_LSR_THRE) == 0) {
    }
    uart[UART_THR] = (uint8_t)ch;
}

/* The fixed-seed stream behind Mbed TLS's entropy (MBEDTLS_ENTROPY_HARDWARE_ALT, see
 * mbedtls_config.h): splitmix64 from a constant. Every run draws the same bytes, so every run
 * makes the same keys and signatures. */
int mbedtls_hardware_poll(void *data, unsigned char *output, size_t len, size_t *olen)
{
    static uint64_t state = UINT64_C(0x63727970746f6265); /* "cryptobe" */
    (void)data;
    for (size_t i = 0; i < len; i++) {
        if (i % 8 == 0) {
            state += UINT64_C(0x9e3779b97f4a7c15);
        }
        uint64_t z = state;
        z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
        output[i] = (unsigned char)((z ^ (z >> 31)) >> (8 * (i % 8)));
    }
    *olen = len;
    return 0;
}

void bench_platform_identity(bench_identity_t *id)
{
    memset(id, 0, sizeof *id);
    id->target = "qemu-riscv32-virt";
    id->arch = "riscv32";
    id->chip = "QEMU virt, rv32imac";
    id->cores = 1;
    id->sdk = "bare metal, picolibc " __PICOLIBC_VERSION__;
    id->compiler = "gcc " __VERSION__;
    id->opt_level = BENCH_OPT_LEVEL;
    id->accel[0] = NULL;
    id->unit = "instructions";
    id->clock = "instret under qemu-system-riscv32 -icount shift=0 (instructions retired, not cycles)";
    id->entropy = "fixed seed (splitmix64): the same keys in every run";
    id->run_salt = wall_clock_ns();
}

void bench_platform_stamp(bench_stamp_t *stamp)
{
    stamp->counter = instret();
    stamp->micros = 0;
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
    for (const char *p = line; *p != '\0'; p++) {
        uart_put(*p);
    }
    uart_put('\r');
    uart_put('\n');
}

void rv32_power_off(int passed)
{
    volatile uint32_t *finisher = (volatile uint32_t *)FINISHER_BASE;
    *finisher = passed ? FINISHER_PASS : (1u << 16) | FINISHER_FAIL;
    for (;;) {
    }
}
