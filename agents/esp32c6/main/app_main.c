/* ESP-IDF entry point: configure the run from Kconfig and hand it to the portable core. */
#include "bench.h"
#include "esp_task_wdt.h"
#include "freertos/FreeRTOS.h"
#include "freertos/task.h"
#include "sdkconfig.h"

static unsigned selected_suites(void)
{
    unsigned suites = 0;
#if CONFIG_BENCH_SUITE_RSA
    suites |= BENCH_SUITE_RSA;
#endif
#if CONFIG_BENCH_SUITE_HASH
    suites |= BENCH_SUITE_HASH;
#endif
#if CONFIG_BENCH_SUITE_ECDSA
    suites |= BENCH_SUITE_ECDSA;
#endif
#if CONFIG_BENCH_SUITE_CIPHER
    suites |= BENCH_SUITE_CIPHER;
#endif
    return suites;
}

/* A 4096-bit key generation runs for minutes without yielding. Stop the task watchdog from
 * watching the idle task (it would starve) instead of turning the watchdog off globally. */
static void relax_task_watchdog(void)
{
#if CONFIG_ESP_TASK_WDT_INIT
    const esp_task_wdt_config_t config = {
        .timeout_ms = CONFIG_ESP_TASK_WDT_TIMEOUT_S * 1000,
        .idle_core_mask = 0,
        .trigger_panic = false,
    };
    ESP_ERROR_CHECK(esp_task_wdt_reconfigure(&config));
#endif
}

void app_main(void)
{
    const bench_config_t config = {
        .iterations = CONFIG_BENCH_ITERATIONS,
        .keygen_iterations = CONFIG_BENCH_KEYGEN_ITERATIONS,
        .suites = selected_suites(),
        .max_key_bits = CONFIG_BENCH_MAX_KEY_BITS,
        .max_block_bytes = CONFIG_BENCH_MAX_BLOCK_BYTES,
    };
    relax_task_watchdog();
    do {
        bench_run(&config);
        vTaskDelay(pdMS_TO_TICKS(CONFIG_BENCH_REPEAT_SECONDS * 1000));
    } while (CONFIG_BENCH_REPEAT_SECONDS > 0);
}
