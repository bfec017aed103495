# -Os (size) build: idf.py -D SDKCONFIG_DEFAULTS="sdkconfig.defaults;sdkconfig.ci.os" build
CONFIG_COMPILER_OPTIMIZATION_PERF=n
CONFIG_COMPILER_OPTIMIZATION_SIZE=y
