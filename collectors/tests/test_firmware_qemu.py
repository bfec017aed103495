"""The firmware's RV32 build under QEMU, read through the emulator's real pseudo-terminal by
`cryptobench collect serial --port /dev/pts/N` and uploaded to the real backend: the whole device
path (firmware lines -> UART -> pty -> parser -> upload) with instruction counts that stay
instructions (never cycles or time)."""

import re
import subprocess
import threading
from pathlib import Path

import httpx
import pytest

import cryptobench_collect.cli.serial as serial_cli
from cryptobench_collect.cli.app import main

pytestmark = pytest.mark.usefixtures("clean_env")

AGENT = Path(__file__).resolve().parents[2] / "agents" / "esp32c6"
QUICK_ELF = AGENT / "build-rv32" / "quick-O2.elf"
WAIT_S = 300
PTY = re.compile(r"char device redirected to (/dev/pts/\d+)")


def built(name: str) -> Path:
    subprocess.run(
        ["make", "-C", str(AGENT), f"build-rv32/{name}"],
        check=True,
        capture_output=True,
        timeout=900,
    )
    return AGENT / "build-rv32" / name


@pytest.fixture(scope="module")
def quick_elf() -> Path:
    return built(QUICK_ELF.name)


@pytest.fixture(scope="module")
def leak_elf() -> Path:
    return built("leak-quick-O2.elf")


def paused(elf: Path):
    """QEMU stopped before the first instruction (-S), its UART on a new pty; `cont` on the
    monitor (stdin) starts it. A pty drops what is written while nobody has it open, so the
    emulator starts only once the reader holds the port."""
    qemu = subprocess.Popen(
        ["qemu-system-riscv32", "-M", "virt", "-bios", "none", "-display", "none", "-S",
         "-monitor", "stdio", "-serial", "pty", "-icount", "shift=0", "-kernel", str(elf)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    assert qemu.stdout is not None
    for line in qemu.stdout:
        found = PTY.search(line)
        if found:
            break
    else:
        pytest.fail(f"QEMU named no pty (exit {qemu.wait()})")
    threading.Thread(target=qemu.stdout.read, daemon=True).start()
    yield qemu, found.group(1)
    if qemu.poll() is None:
        qemu.kill()
    qemu.wait(WAIT_S)


@pytest.fixture
def paused_qemu(quick_elf):
    yield from paused(quick_elf)


@pytest.fixture
def paused_leak_qemu(leak_elf):
    yield from paused(leak_elf)


def collect_from(qemu, pty, live_server, monkeypatch, capsys) -> dict:
    """`cryptobench collect serial` from the emulator's pty to the live server: the run stored."""
    real_open = serial_cli.open_port

    def open_then_start_the_emulator(url, baud):
        port = real_open(url, baud)
        assert qemu.stdin is not None
        qemu.stdin.write("cont\n")
        qemu.stdin.flush()
        return port

    monkeypatch.setattr(serial_cli, "open_port", open_then_start_the_emulator)
    with pytest.raises(SystemExit) as caught:
        main(
            ["collect", "serial", "--port", pty, "--timeout", str(WAIT_S),
             "--server", live_server.url, "--token", live_server.token]
        )  # fmt: skip
    assert caught.value.code == 0, capsys.readouterr().err
    assert qemu.wait(WAIT_S) == 0  # the firmware powered the machine off: every case passed
    with httpx.Client(base_url=live_server.url) as client:
        (run,) = client.get("/api/v1/runs").json()["data"]
        stored: dict = client.get(f"/api/v1/runs/{run['run_id']}").json()
    return stored


def test_qemu_firmware_through_its_pty_uploaded_as_instruction_counts(
    paused_qemu, live_server, monkeypatch, capsys
):
    qemu, pty = paused_qemu
    stored = collect_from(qemu, pty, live_server, monkeypatch, capsys)
    machine = stored["machine"]
    assert (machine["name"], machine["arch"], stored["clock_hz"]) == (
        "qemu-riscv32-virt",
        "riscv32",
        None,
    )
    assert machine["extra"]["entropy"] == "fixed seed (splitmix64): the same keys in every run"
    assert stored["tags"] == {"target": "qemu-riscv32-virt", "hw_accel": "none", "opt_level": "-O2"}
    results = {r["name"]: r for r in stored["results"]}
    assert len(results) == 31
    assert {(r["metric"], r["unit"], r["library_version"]) for r in results.values()} == {
        ("instructions_per_op", "instructions/op", "2.28.3")
    }
    assert all(
        r[figure] is None
        for r in results.values()
        for figure in ("ns_per_op", "ops_per_s", "cycles_per_op", "bytes_per_s", "cycles_per_byte")
    )
    verify = results["rsa-2048-pkcs1v15-verify"]
    assert verify["stats"]["min"] == verify["value"] == verify["stats"]["max"] > 1_000_000


def test_qemu_leak_test_through_its_pty_stores_every_instruction_count_of_each_class(
    paused_leak_qemu, live_server, monkeypatch, capsys
):
    qemu, pty = paused_leak_qemu
    stored = collect_from(qemu, pty, live_server, monkeypatch, capsys)
    assert stored["tags"] == {
        "target": "qemu-riscv32-virt",
        "hw_accel": "none",
        "mode": "leak-test",
        "opt_level": "-O2",
    }
    assert len(stored["results"]) == 6
    counts = {}
    with httpx.Client(base_url=live_server.url) as client:
        for cls in ("fixed", "random"):
            point = client.get(
                "/api/v1/drilldown",
                params={"metric": "instructions_per_op", "x": "param.input_class", "x_value": cls},
            ).json()
            for r in point["results"]:
                values = r["distribution"]["values"]
                assert (r["samples"], len(values)) == (100, 100)
                counts[r["name"], cls] = sorted(set(values))
    assert counts == {
        ("leak-compare-early-exit", "fixed"): [421.0],
        ("leak-compare-early-exit", "random"): [42.0],
        ("leak-compare-constant-time", "fixed"): [616.0],
        ("leak-compare-constant-time", "random"): [616.0],
        ("leak-aes-128-cbc-16", "fixed"): [1477.0],
        ("leak-aes-128-cbc-16", "random"): [1477.0],
    }
