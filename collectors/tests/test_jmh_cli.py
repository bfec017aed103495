"""`cryptobench parse|ingest jmh` through the CLI's one boundary, and the runner's pure parts."""

import json
from pathlib import Path

import pytest
from collect_support import FIXTURES, run_main

from cryptobench_collect.runners.jmh import Progress, find_project, jmh_command
from cryptobench_collect.spool import Spool

pytestmark = pytest.mark.usefixtures("clean_env")

JMH = FIXTURES / "jmh"
LANCE = JMH / "lance0916_jmh-demo_1.35_avgt.json"


def spooled(tmp_path: Path) -> list[Path]:
    spool = Spool(tmp_path / "spool")
    return [path for state in ("pending", "sent", "failed") for path in spool.paths(state)]


def test_parse_prints_the_run_document(capsys, tmp_path):
    code, out, _ = run_main(
        ["parse", "jmh", str(LANCE), "--machine-name", "laptop", "--tag", "jdk=8"], capsys
    )
    assert code == 0
    document = json.loads(out)
    assert document["source"] == "jmh"
    assert document["machine"]["name"] == "laptop"
    assert document["tags"] == {"jdk": "8"}
    assert document["results"][0]["value"] == 22.931155043669282
    assert document["results"][0]["unit"] == "us/op"
    assert spooled(tmp_path) == []


def test_ingest_without_a_server_keeps_the_run_in_the_spool_exit_3(capsys, tmp_path):
    code, _, err = run_main(
        ["ingest", "jmh", str(JMH / "cryptobench_1.37_all_modes_gc.json")], capsys
    )
    assert code == 3
    assert "no server configured" in err
    [path] = spooled(tmp_path)
    item = json.loads(path.read_text())
    assert item["run"]["run_id"] == "c22e762e-13a0-5a91-93de-398df787e5c8"
    assert len(item["run"]["results"]) == 19


def test_ingest_no_upload_writes_the_document(capsys, tmp_path):
    out_file = tmp_path / "run.json"
    code, _, _ = run_main(["ingest", "jmh", str(LANCE), "--no-upload", "-o", str(out_file)], capsys)
    assert code == 0
    assert json.loads(out_file.read_text())["tool"] == {
        "name": "JMH",
        "version": "1.35",
        "build": "OpenJDK 64-Bit Server VM 25.382-b06, JDK 1.8.0_382",
        "options": "-bm avgt -f 1 -t 3 -wi 5 -w 1s -i 5 -r 1s",
    }


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("Benchmark   Mode  Cnt  Score\n", ": no JMH result table"),
        ("[1, }\n", ":1: not JSON"),
        ('{"jmhVersion": "1.37"}', ":1: not a JMH result file"),
        (LANCE.read_text()[:900], ":25: truncated"),
    ],
)
def test_bad_files_are_exit_2_and_nothing_is_uploaded_or_spooled(capsys, tmp_path, content, reason):
    bad = tmp_path / "out.json"
    bad.write_text(content)
    code, out, err = run_main(["ingest", "jmh", str(bad), "--server", "http://127.0.0.1:9"], capsys)
    assert code == 2
    assert f"{bad}{reason}" in err
    assert "Traceback" not in err and out == ""
    assert spooled(tmp_path) == []


def test_the_quick_command_line():
    command = jmh_command(
        Path("b.jar"),
        result_file=Path("r.json"),
        quick=True,
        include="EcdsaBench",
        extra=["-p", "curve=secp256k1"],
    )
    assert command == [
        "java",
        "-jar",
        "b.jar",
        "EcdsaBench",
        "-f",
        "1",
        "-wi",
        "1",
        "-w",
        "1s",
        "-i",
        "1",
        "-r",
        "1s",
        "-p",
        "curve=secp256k1",
        "-rf",
        "json",
        "-rff",
        "r.json",
    ]


def test_progress_follows_jmh_console_output():
    progress = Progress()
    for line in (JMH / "cryptobench_1.37_wrong_curve.log").read_text().splitlines():
        progress.update(line)
    assert progress.percent == 50.0
    assert progress.benchmark == "dev.cryptobench.jmh.Sm2Bench.keygen"
    assert progress.parameters == "curve = secp256r1, encoding = compressed, provider = BC"
    assert (
        progress.label
        == "Sm2Bench.keygen (curve = secp256r1, encoding = compressed, provider = BC)"
    )
    assert progress.failures == 1


def test_the_project_is_found_above_the_current_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("CRYPTOBENCH_JMH_PROJECT", raising=False)
    (tmp_path / "agents" / "jvm").mkdir(parents=True)
    (tmp_path / "agents" / "jvm" / "pom.xml").write_text("<project/>")
    (tmp_path / "deep" / "er").mkdir(parents=True)
    assert find_project(tmp_path / "deep" / "er") == tmp_path / "agents" / "jvm"
    monkeypatch.setenv("CRYPTOBENCH_JMH_PROJECT", "/opt/suite")
    assert find_project(tmp_path) == Path("/opt/suite")
