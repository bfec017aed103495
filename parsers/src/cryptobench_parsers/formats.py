"""Every import format, listed once (issue 36): detection, the imports, both CLIs, the API's
`format=` choices and `GET /api/v1/vocabulary`'s `import_formats` (the Import page's list) come
from this tuple, in this order. Each format is declared by its own module (`FORMAT`, an
`import_format.Format`); adding one is that module, its fixtures, its test and a line here.
"""

from cryptobench_parsers import (
    action_benchmark,
    botan_speed,
    bssl_speed,
    criterion,
    cryptsetup_benchmark,
    dudect,
    google_benchmark,
    hyperfine,
    liboqs_speed,
    pqm4,
    pytest_benchmark,
)
from cryptobench_parsers.go import bench as go_bench
from cryptobench_parsers.go import benchstat
from cryptobench_parsers.import_format import Format
from cryptobench_parsers.jmh import format as jmh
from cryptobench_parsers.openssl import format as openssl
from cryptobench_parsers.serial import format as serial

FORMATS: tuple[Format, ...] = (
    openssl.FORMAT,
    jmh.FORMAT,
    serial.FORMAT,
    go_bench.FORMAT,
    criterion.FORMAT,
    google_benchmark.FORMAT,
    liboqs_speed.FORMAT,
    cryptsetup_benchmark.FORMAT,
    bssl_speed.FORMAT,
    botan_speed.FORMAT,
    benchstat.FORMAT,
    hyperfine.FORMAT,
    dudect.FORMAT,
    pqm4.FORMAT,
    pytest_benchmark.FORMAT,
    action_benchmark.FORMAT,
)
NAMES = tuple(f.name for f in FORMATS)
BY_NAME = {f.name: f for f in FORMATS}
