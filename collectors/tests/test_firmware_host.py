"""The ESP32-C6 firmware's benchmark core, built for this host, run into a real pseudo-terminal and
read back by `cryptobench collect serial`; plus the checks that keep the ESP-IDF project and the
host build on the same sources."""

import json
import os
import re
import subprocess
import threading
from pathlib import Path

import pytest

import cryptobench_collect.cli.serial as serial_cli
from cryptobench_collect.cli.app import main

AGENT = Path(__file__).resolve().parents[2] / "agents" / "esp32c6"
BINARY = AGENT / "build-host" / "cryptobench_host"
WAIT_S = 120


def cmake_sources(path: Path, start: str) -> list[str]:
    """Source files listed in the block that begins with `start` and ends at its closing parenthesis."""
    text = path.read_text()
    block = text[text.index(start) :]
    block = block[: block.index(")")]
    return re.findall(r'"?([\w./]+\.c)"?', block)


def test_idf_component_and_host_build_name_the_same_core_sources():
    idf = cmake_sources(AGENT / "main" / "CMakeLists.txt", "idf_component_register(")
    host_cmake = AGENT / "host" / "CMakeLists.txt"
    host = cmake_sources(host_cmake, "set(CORE_SOURCES") + cmake_sources(
        host_cmake, "add_executable(cryptobench_host"
    )
    core_on_disk = sorted(f"../core/{p.name}" for p in (AGENT / "core").glob("*.c"))
    idf_core = sorted(s for s in idf if s.startswith("../core/"))
    host_core = sorted(s for s in host if s.startswith("../core/"))
    assert idf_core == host_core == core_on_disk
    assert sorted(set(idf) - set(idf_core)) == ["app_main.c", "platform_esp.c"]
    assert sorted(set(host) - set(host_core)) == ["main_host.c", "platform_host.c"]
    for listed, folder in ((idf, "main"), (host, "host")):
        assert all((AGENT / folder / source).is_file() for source in listed)


def test_kconfig_defines_every_option_the_firmware_reads():
    used = set(re.findall(r"CONFIG_(BENCH_\w+)", (AGENT / "main" / "app_main.c").read_text()))
    defined = set(
        re.findall(
            r"^\s*config (BENCH_\w+)", (AGENT / "main" / "Kconfig.projbuild").read_text(), re.M
        )
    )
    assert (
        used
        == defined
        == {
            "BENCH_ITERATIONS",
            "BENCH_KEYGEN_ITERATIONS",
            "BENCH_MAX_KEY_BITS",
            "BENCH_MAX_BLOCK_BYTES",
            "BENCH_SUITE_RSA",
            "BENCH_SUITE_HASH",
            "BENCH_SUITE_ECDSA",
            "BENCH_SUITE_CIPHER",
            "BENCH_REPEAT_SECONDS",
        }
    )


def test_sdkconfig_variants_switch_what_their_names_say():
    def settings(name):
        return dict(
            line.split("=", 1)
            for line in (AGENT / name).read_text().splitlines()
            if line and not line.startswith("#")
        )

    assert settings("sdkconfig.defaults")["CONFIG_COMPILER_OPTIMIZATION_PERF"] == "y"
    assert settings("sdkconfig.ci.os")["CONFIG_COMPILER_OPTIMIZATION_SIZE"] == "y"
    assert settings("sdkconfig.ci.o2")["CONFIG_COMPILER_OPTIMIZATION_PERF"] == "y"
    assert settings("sdkconfig.ci.sw_mpi") == {"CONFIG_MBEDTLS_HARDWARE_MPI": "n"}
    assert settings("sdkconfig.defaults")["CONFIG_ESP_TASK_WDT_PANIC"] == "n"


@pytest.fixture(scope="module")
def host_binary():
    subprocess.run(
        ["make", "-C", str(AGENT), "build"], check=True, capture_output=True, timeout=600
    )
    return BINARY


def installed_mbedtls_version() -> str:
    header = Path("/usr/include/mbedtls/version.h").read_text()
    return re.search(r'#define MBEDTLS_VERSION_STRING\s+"([\d.]+)"', header).group(1)


def test_host_firmware_through_a_pseudo_terminal_end_to_end(
    host_binary, monkeypatch, capsys, tmp_path
):
    master, slave = os.openpty()
    opened, finished = threading.Event(), []
    real_open = serial_cli.open_port

    def open_and_signal(url, baud):
        port = real_open(url, baud)
        opened.set()
        return port

    def board():
        assert opened.wait(WAIT_S)
        finished.append(
            subprocess.run(
                [str(host_binary), "--quick", "--suites", "hash,ecdsa"],
                stdout=master,
                timeout=WAIT_S,
            ).returncode
        )

    monkeypatch.setattr(serial_cli, "open_port", open_and_signal)
    monkeypatch.setenv("CRYPTOBENCH_SPOOL_DIR", str(tmp_path / "spool"))
    thread = threading.Thread(target=board, daemon=True)
    thread.start()
    try:
        with pytest.raises(SystemExit) as caught:
            main(
                [
                    "collect",
                    "serial",
                    "--port",
                    os.ttyname(slave),
                    "--no-upload",
                    "--timeout",
                    str(WAIT_S),
                ]
            )
        thread.join(WAIT_S)
    finally:
        os.close(master)
        os.close(slave)
    out = capsys.readouterr().out
    (doc,) = [json.loads(line) for line in out.splitlines()]
    assert (caught.value.code, finished) == (0, [0])
    names = [r["name"] for r in doc["results"]]
    assert names == [
        "sha256-fixed-message",
        "ecdsa-secp256r1-sign",
        "ecdsa-secp256r1-verify",
        "ecdsa-secp256k1-sign",
        "ecdsa-secp256k1-verify",
        "sha256-16",
        "sha256-64",
        "sha256-256",
        "sha256-1024",
        "sha256-4096",
        "sha256-16384",
    ]
    assert {
        (r["unit"], r["samples"], r["library"], r["library_version"]) for r in doc["results"]
    } == {("ns/op", 3, "Mbed TLS", installed_mbedtls_version())}
    assert all(0 < r["stats"]["min"] <= r["value"] <= r["stats"]["max"] for r in doc["results"])
    assert doc["results"][1]["params"] == {"curve": "secp256r1", "hash": "SHA-256"}
    assert doc["results"][5]["params"] == {"block_bytes": 16}
    assert (doc["machine"]["arch"], doc["machine"]["clock_hz"], doc["tags"]["target"]) == (
        os.uname().machine,
        None,
        "host",
    )


def test_host_binary_rejects_bad_arguments(host_binary):
    done = subprocess.run(
        [str(host_binary), "--suites", "rsa,bogus"], capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert "bad argument --suites rsa,bogus" in done.stderr
