/* What the benchmark core needs from the machine it runs on.
 * Implemented by main/platform_esp.c (ESP-IDF), host/platform_host.c (Linux/POSIX) and
 * rv32/platform_rv32.c (bare-metal RV32 under QEMU). */
#ifndef CRYPTOBENCH_BENCH_PLATFORM_H
#define CRYPTOBENCH_BENCH_PLATFORM_H

#include <stdint.h>

/* A point in time as the platform counts it. */
typedef struct {
    uint64_t counter; /* cycles (device: 32-bit counter, zero-extended), nanoseconds (host) or
                         instructions retired (QEMU) */
    uint64_t micros;  /* 64-bit microsecond clock, used to unwrap the cycle counter */
} bench_stamp_t;

/* The identity printed on the BEGIN line; NULL strings and 0 numbers are printed as null. */
typedef struct {
    const char *target;      /* "esp32c6" or "host" */
    const char *device;      /* stable device identity: base MAC (device) or host name */
    const char *arch;        /* "riscv32", "x86_64", ... */
    const char *chip;        /* chip model or host CPU model */
    const char *chip_rev;    /* e.g. "v0.1" */
    unsigned cores;
    unsigned cpu_mhz;        /* configured CPU clock; 0 when unknown */
    uint64_t flash_bytes;
    const char *sdk;         /* e.g. "ESP-IDF v5.2.1" or "Linux 6.1.0" */
    const char *compiler;
    const char *opt_level;   /* -O2, -Os, ... */
    const char *accel[6];    /* accelerators in use, e.g. "aes", "sha", "mpi"; NULL-terminated */
    unsigned mpi_max_bits;   /* largest RSA size the MPI accelerator handles; 0 when none */
    const char *unit;        /* "cycles", "ns" or "instructions" */
    const char *clock;       /* what the unit is counted with */
    const char *entropy;     /* where the random generator's seed comes from when it is not the
                                platform's entropy source (a fixed seed); NULL otherwise */
    uint64_t run_salt;       /* mixed into the run id where the generator is seeded the same in
                                every run (the emulator's wall clock); 0 elsewhere */
} bench_identity_t;

void bench_platform_identity(bench_identity_t *id);
void bench_platform_stamp(bench_stamp_t *stamp);
/* Interval between two stamps in the identity's unit. */
uint64_t bench_platform_elapsed(const bench_stamp_t *start, const bench_stamp_t *end);
/* Called between timed samples: lets the idle task run so watchdogs stay quiet. */
void bench_platform_pause(void);
/* Write one complete line (the core adds no newline to `line`). */
void bench_platform_emit(const char *line);

#endif
