/* ESP-IDF backend: the RISC-V cycle counter (32 bits on the C6, wraps after ~26.8 s at
 * 160 MHz) unwrapped with the 64-bit esp_timer microsecond clock. */
#include <stdio.h>
#include <string.h>

#include "bench_platform.h"
#include "bench.h"
#include "esp_chip_info.h"
#include "esp_cpu.h"
#include "esp_flash.h"
#include "esp_idf_version.h"
#include "esp_mac.h"
#include "esp_rom_sys.h"
#include "esp_timer.h"
#include "freertos/FreeRTOS.h"
#include "freertos/task.h"
#include "sdkconfig.h"
#include "soc/soc_caps.h"

static char g_rev[16];
static char g_sdk[48];
static char g_mac[18];

static const char *opt_level(void)
{
#if CONFIG_COMPILER_OPTIMIZATION_PERF
    return "-O2";
#elif CONFIG_COMPILER_OPTIMIZATION_SIZE
    return "-Os";
#elif CONFIG_COMPILER_OPTIMIZATION_NONE
    return "-O0";
#else
    return "-Og";
#endif
}

static void fill_accel(bench_identity_t *id)
{
    unsigned n = 0;
#if CONFIG_MBEDTLS_HARDWARE_AES
    id->accel[n++] = "aes";
#endif
#if CONFIG_MBEDTLS_HARDWARE_SHA
    id->accel[n++] = "sha";
#endif
#if CONFIG_MBEDTLS_HARDWARE_MPI
    id->accel[n++] = "mpi";
#if defined(SOC_RSA_MAX_BIT_LEN)
    id->mpi_max_bits = SOC_RSA_MAX_BIT_LEN;
#endif
#endif
#if CONFIG_MBEDTLS_HARDWARE_ECC
    id->accel[n++] = "ecc";
#endif
    id->accel[n] = NULL;
}

void bench_platform_identity(bench_identity_t *id)
{
    esp_chip_info_t chip;
    uint32_t flash = 0;
    memset(id, 0, sizeof *id);
    esp_chip_info(&chip);
    snprintf(g_rev, sizeof g_rev, "v%u.%u", chip.revision / 100, chip.revision % 100);
    snprintf(g_sdk, sizeof g_sdk, "ESP-IDF %s", esp_get_idf_version());
    uint8_t mac[6];
    if (esp_efuse_mac_get_default(mac) == ESP_OK) {
        snprintf(g_mac, sizeof g_mac, "%02x:%02x:%02x:%02x:%02x:%02x", mac[0], mac[1], mac[2], mac[3], mac[4],
                 mac[5]);
        id->device = g_mac;
    }
    id->target = CONFIG_IDF_TARGET;
#if CONFIG_IDF_TARGET_ARCH_RISCV
    id->arch = "riscv32";
#else
    id->arch = "xtensa";
#endif
    id->chip = CONFIG_IDF_TARGET;
    id->chip_rev = g_rev;
    id->cores = chip.cores;
    id->cpu_mhz = esp_rom_get_cpu_ticks_per_us();
    id->flash_bytes = esp_flash_get_size(NULL, &flash) == ESP_OK ? flash : 0;
    id->sdk = g_sdk;
    id->compiler = "gcc " __VERSION__;
    id->opt_level = opt_level();
    fill_accel(id);
    id->unit = "cycles";
    id->clock = "esp_cpu_get_cycle_count, unwrapped with esp_timer_get_time";
}

void bench_platform_stamp(bench_stamp_t *stamp)
{
    stamp->micros = (uint64_t)esp_timer_get_time();
    stamp->counter = esp_cpu_get_cycle_count();
}

uint64_t bench_platform_elapsed(const bench_stamp_t *start, const bench_stamp_t *end)
{
    uint32_t delta = (uint32_t)end->counter - (uint32_t)start->counter;
    return bench_unwrap_cycles(delta, end->micros - start->micros, esp_rom_get_cpu_ticks_per_us());
}

void bench_platform_pause(void)
{
    vTaskDelay(1);
}

void bench_platform_emit(const char *line)
{
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}
