/* What the RV32 entry point needs from its platform beyond bench_platform.h. */
#ifndef CRYPTOBENCH_RV32_H
#define CRYPTOBENCH_RV32_H

/* Stop QEMU through the SiFive test device: exit status 0 when `passed`, 1 otherwise. */
_Noreturn void rv32_power_off(int passed);

#endif
