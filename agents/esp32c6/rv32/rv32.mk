# The RV32 build (included by ../Makefile): the benchmark core and Mbed TLS cross-compiled for
# bare-metal rv32imac/ilp32 (picolibc), run under qemu-system-riscv32 -M virt -icount shift=0.
# Packages: gcc-riscv64-unknown-elf, picolibc-riscv64-unknown-elf, qemu-system-misc; sources:
# Debian's mbedtls source package (scripts/fetch-mbedtls-source.sh; both from `make system-deps`
# at the repository root).
RV32_BUILD := build-rv32
RV32_CC ?= riscv64-unknown-elf-gcc
QEMU_RV32 ?= qemu-system-riscv32
CRYPTOBENCH_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/cryptobench
# fetched on first use only (instant when the cache has it)
MBEDTLS_SRC = $(eval MBEDTLS_SRC := $$(shell CRYPTOBENCH_CACHE=$(CRYPTOBENCH_CACHE) ../../scripts/fetch-mbedtls-source.sh))$(MBEDTLS_SRC)

# ISA spec 2.2: the counters (rdinstret) are part of the base ISA, and picolibc's rv32imac/ilp32
# multilib is still the one chosen (an explicit _zicsr would not match it)
RV32_ARCH := -march=rv32imac -mabi=ilp32 -misa-spec=2.2
RV32_CFLAGS = $(RV32_ARCH) --specs=picolibc.specs -std=c11 -ffunction-sections -fdata-sections \
	-Wall -Wextra -Werror -DMBEDTLS_CONFIG_FILE='"mbedtls_config.h"' -Irv32 -Icore
# the emulator's RAM (128 MiB at 0x80000000): code and data in the first 4 MiB, then RAM
RV32_LDFLAGS := -Wl,--defsym=__flash=0x80000000 \
	-Wl,--defsym=__flash_size=0x400000 -Wl,--defsym=__ram=0x80400000 \
	-Wl,--defsym=__ram_size=0x3c00000 -Wl,--defsym=__stack_size=0x10000
RV32_SOURCES := $(wildcard core/*.c) rv32/main_rv32.c rv32/platform_rv32.c
RV32_HEADERS := $(wildcard core/*.h) rv32/rv32.h rv32/mbedtls_config.h
# full: what the board runs by default; quick: make test's suite (RSA 2048 with a fixed key, its
# generation neither timed nor run: it took 18 of the run's 22 s under QEMU; buffers up to 1 KiB)
RV32_FULL := -DBENCH_ITERATIONS=10 -DBENCH_KEYGEN_ITERATIONS=2 -DBENCH_SUITES=BENCH_SUITE_ALL \
	-DBENCH_MAX_KEY_BITS=4096 -DBENCH_MAX_BLOCK_BYTES=16384
RV32_QUICK := -DBENCH_ITERATIONS=3 -DBENCH_KEYGEN_ITERATIONS=0 -DBENCH_FIXED_RSA_KEY -DBENCH_SUITES=BENCH_SUITE_ALL \
	-DBENCH_MAX_KEY_BITS=2048 -DBENCH_MAX_BLOCK_BYTES=1024
# leak: the leak test (fixtures and AES 1000 samples per class, RSA-2048 and ECDSA 100);
# leak-quick: make test's (the fixtures and AES, 100 samples per class)
RV32_LEAK := -DBENCH_LEAK_SAMPLES=1000 -DBENCH_LEAK_SLOW_SAMPLES=100
RV32_LEAK_QUICK := -DBENCH_LEAK_SAMPLES=100 -DBENCH_LEAK_SLOW_SAMPLES=0
RV32_OPTS := O2 Os
RV32_ELFS := $(foreach o,$(RV32_OPTS),$(RV32_BUILD)/bench-$(o).elf $(RV32_BUILD)/quick-$(o).elf) \
	$(RV32_BUILD)/leak-quick-O2.elf

# The cross-built library of one opt level, named by a hash of everything it is built from.
rv32_lib_key = $(shell { $(RV32_CC) --version | head -n1; echo $(RV32_CFLAGS) -$(1) $(MBEDTLS_SRC); \
	cat rv32/mbedtls_config.h rv32/build-mbedtls.sh; } | sha256sum | cut -c1-16)
rv32_lib = $(CRYPTOBENCH_CACHE)/rv32-mbedcrypto-$(1)-$(call rv32_lib_key,$(1)).a

.PHONY: rv32 qemu test-rv32

rv32: $(RV32_ELFS) $(RV32_BUILD)/leak-O2.elf

define RV32_RULES
$(call rv32_lib,$(1)):
	mkdir -p $(CRYPTOBENCH_CACHE)
	rv32/build-mbedtls.sh $(MBEDTLS_SRC) $$@ $(RV32_CC) $(RV32_CFLAGS) -$(1)

$(RV32_BUILD)/bench-$(1).elf: $(RV32_SOURCES) $(RV32_HEADERS) rv32/rv32.mk $(call rv32_lib,$(1))
	mkdir -p $(RV32_BUILD)
	$(RV32_CC) $(RV32_CFLAGS) -$(1) -DBENCH_OPT_LEVEL='"-$(1)"' $(RV32_FULL) -I$(MBEDTLS_SRC)/include \
		$(RV32_SOURCES) $(RV32_LDFLAGS) $(call rv32_lib,$(1)) -o $$@

$(RV32_BUILD)/quick-$(1).elf: $(RV32_SOURCES) $(RV32_HEADERS) rv32/rv32.mk $(call rv32_lib,$(1))
	mkdir -p $(RV32_BUILD)
	$(RV32_CC) $(RV32_CFLAGS) -$(1) -DBENCH_OPT_LEVEL='"-$(1)"' $(RV32_QUICK) -I$(MBEDTLS_SRC)/include \
		$(RV32_SOURCES) $(RV32_LDFLAGS) $(call rv32_lib,$(1)) -o $$@

$(RV32_BUILD)/leak-$(1).elf: $(RV32_SOURCES) $(RV32_HEADERS) rv32/rv32.mk $(call rv32_lib,$(1))
	mkdir -p $(RV32_BUILD)
	$(RV32_CC) $(RV32_CFLAGS) -$(1) -DBENCH_OPT_LEVEL='"-$(1)"' $(RV32_LEAK) -I$(MBEDTLS_SRC)/include \
		$(RV32_SOURCES) $(RV32_LDFLAGS) $(call rv32_lib,$(1)) -o $$@

$(RV32_BUILD)/leak-quick-$(1).elf: $(RV32_SOURCES) $(RV32_HEADERS) rv32/rv32.mk $(call rv32_lib,$(1))
	mkdir -p $(RV32_BUILD)
	$(RV32_CC) $(RV32_CFLAGS) -$(1) -DBENCH_OPT_LEVEL='"-$(1)"' $(RV32_LEAK_QUICK) -I$(MBEDTLS_SRC)/include \
		$(RV32_SOURCES) $(RV32_LDFLAGS) $(call rv32_lib,$(1)) -o $$@
endef
$(foreach o,$(RV32_OPTS),$(eval $(call RV32_RULES,$(o))))

# The full run of both builds, each collected through QEMU's serial pty by `cryptobench collect
# serial` and uploaded (CRYPTOBENCH_SERVER / CRYPTOBENCH_TOKEN, or COLLECT="--no-upload ...").
CRYPTOBENCH ?= $(or $(wildcard ../../.venv/bin/cryptobench),cryptobench)
COLLECT ?=
QEMU_VERSION = $(shell $(QEMU_RV32) --version | sed -n 's/^QEMU emulator version \([0-9.]*\).*/\1/p')
qemu: $(RV32_ELFS)
	$(foreach o,$(RV32_OPTS),$(PYTHON) rv32/run_qemu.py $(QEMU_RV32) $(RV32_BUILD)/bench-$(o).elf \
		$(CRYPTOBENCH) --timeout 3600 --tag emulator=qemu-$(QEMU_VERSION) $(COLLECT) &&) true

# make test's quick QEMU suite: both builds with -Werror, runs checked by rv32/check_qemu.py; the
# quick leak test, its fixtures' instruction counts checked exactly by host/check_leak.py
test-rv32: $(RV32_ELFS)
	$(PYTHON) rv32/check_qemu.py $(QEMU_RV32) $(RV32_BUILD)/quick-O2.elf $(RV32_BUILD)/quick-Os.elf
	$(QEMU_RV32) -M virt -bios none -display none -monitor none -serial stdio -icount shift=0 \
		-kernel $(RV32_BUILD)/leak-quick-O2.elf > $(RV32_BUILD)/leak-quick.log
	$(PYTHON) host/check_leak.py $(RV32_BUILD)/leak-quick.log --exact
