"""Every imported run says where and when it was measured (shared/DESIGN.md "Provenance of
imported figures"): the machine the text names, else the person's, else one of the paste's own;
the date the output states, else the person's, else the import time, said as such."""

from datetime import UTC, datetime
from pathlib import Path

from cryptobench_contract import RunDocument
from cryptobench_parsers.imports import ImportOptions, import_text

FIXTURES = Path(__file__).parent / "fixtures"
CORPUS = FIXTURES / "corpus"
OPENSSL = Path(__file__).parents[2] / "collectors/tests/fixtures/openssl"
RECEIVED = datetime(2026, 11, 29, 8, 0, tzinfo=UTC)


def _runs(text: str, **options: object) -> list[RunDocument]:
    imported = import_text(text, ImportOptions(**options), received_at=RECEIVED)  # type: ignore[arg-type]
    return list(imported.runs)


def _machine(text: str, **options: object) -> tuple[object, ...]:
    machine = _runs(text, **options)[0].machine
    return (machine.name, machine.arch, machine.os, machine.cpu_model)


def test_a_shell_prompt_names_the_machine() -> None:
    text = (CORPUS / "openssl/opnsense-core_issue2343_markdown_and_libressl.txt").read_text()
    assert {run.machine.name for run in _runs(text)} == {"fire"}


def test_a_uname_line_names_host_kernel_and_arch() -> None:
    table = (OPENSSL / "openssl-1.0.2o-freebsd_aes-128-cbc.txt").read_text()
    uname = (
        "Linux raspberrypi 5.10.17-v7+ #1403 SMP Mon Feb 22 11:29:51 GMT 2021 armv7l GNU/Linux\n"
    )
    assert _machine(uname + table) == ("raspberrypi", "armv7l", "Linux 5.10.17-v7+", None)
    prompt = "pi@raspberrypi:~ $ openssl speed -evp aes-128-cbc\n"
    assert _machine(prompt + table)[0] == "raspberrypi"


def test_uname_srm_names_kernel_and_arch_as_the_machine() -> None:
    text = (CORPUS / "gbench/itzmeanjan-falcon_README.md").read_text()
    assert _machine(text) == (
        "Linux 6.5.0-14-generic x86_64",
        "x86_64",
        "Linux 6.5.0-14-generic",
        None,
    )


def test_an_os_line_and_a_cpu_model_line_name_the_machine() -> None:
    table = (OPENSSL / "openssl-1.0.2o-freebsd_aes-128-cbc.txt").read_text()
    assert _machine("AlmaLinux 10.2 x86_64\n" + table) == (
        "AlmaLinux 10.2 x86_64",
        "x86_64",
        "AlmaLinux 10.2",
        None,
    )
    cpu = "model name\t: Intel(R) Xeon(R) CPU E5-2650 v4 @ 2.20GHz\n"
    assert _machine(cpu + table)[::3] == (
        "Intel(R) Xeon(R) CPU E5-2650 v4 @ 2.20GHz",
        "Intel(R) Xeon(R) CPU E5-2650 v4 @ 2.20GHz",
    )


def test_a_json_context_host_is_kept() -> None:
    text = (CORPUS / "gbench/itzmeanjan-frodoPIR_x86_64.json").read_text()
    assert _machine(text)[0] == "ip-172-31-23-209"


def test_pastes_that_name_no_machine_never_share_one() -> None:
    first = (CORPUS / "criterion/anza-xyz-alpenglow_pr512_warnings.txt").read_text()
    second = (CORPUS / "criterion/MystenLabs-fastcrypto_pr125_glued_progress.txt").read_text()
    assert (_machine(first)[0], _machine(second)[0]) == (
        "unknown machine (paste 7bb7b0ae)",
        "unknown machine (paste a698e021)",
    )
    assert _machine(first)[0] == _machine(first)[0]


def test_the_persons_machine_name_names_the_machine() -> None:
    text = (CORPUS / "openssl/opnsense-core_issue2343_markdown_and_libressl.txt").read_text()
    assert {run.machine.name for run in _runs(text, machine_name="opnsense-lab")} == {
        "opnsense-lab"
    }


def test_the_date_the_output_states_is_the_start() -> None:
    text = (CORPUS / "gbench/itzmeanjan-ascon_linux_x86_64.json").read_text()
    [run] = _runs(text, started_at=datetime(2025, 1, 1, tzinfo=UTC))
    assert (run.started_at.isoformat(), run.machine.extra["date_source"]) == (
        "2025-06-24T12:25:41+04:00",
        "output",
    )


def test_else_the_persons_date_else_the_import_time_said_as_such() -> None:
    text = (CORPUS / "criterion/anza-xyz-alpenglow_pr512_warnings.txt").read_text()
    given = datetime(2024, 3, 5, 10, 30, tzinfo=UTC)
    [run] = _runs(text, started_at=given)
    assert (run.started_at, run.machine.extra["date_source"]) == (given, "given")
    [run] = _runs(text)
    assert (run.started_at, run.machine.extra["date_source"]) == (RECEIVED, "import-time")


def test_openssls_built_on_line_is_not_a_run_date() -> None:
    text = (OPENSSL / "openssl-1.0.2o-freebsd_aes-128-cbc.txt").read_text()
    assert "built on" in text
    run = _runs(text)[0]
    assert (run.started_at, run.machine.extra["date_source"]) == (RECEIVED, "import-time")
