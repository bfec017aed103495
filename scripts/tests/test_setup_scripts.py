"""The set-up scripts ride out registry hiccups: scripts/apt-install.sh with a stand-in `apt-get`
and `dpkg-query` first on PATH (a mirror mid-sync, a package that cannot be installed), and
scripts/retry.sh with a command that fails once."""

import os
import stat
import subprocess
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1]
MIRROR_SYNC = (
    "E: Failed to fetch http://deb.debian.org/debian-security/dists/bookworm-security/main/"
    "binary-i386/Packages.xz  File has unexpected size (346968 != 366648). Mirror sync in progress?"
)


def stand_in(bin_dir: Path, name: str, body: str) -> None:
    path = bin_dir / name
    path.write_text("#!/usr/bin/env bash\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def apt_machine(tmp_path: Path, *, update_exit: int, install_exit: int) -> Path:
    """A PATH whose apt-get logs its calls to calls.log; dpkg-query knows only `installed`."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    stand_in(
        bin_dir,
        "apt-get",
        f"""echo "$*" >> {tmp_path}/calls.log
case "$1" in
  update) echo '{MIRROR_SYNC}' >&2; echo 'E: Some index files failed to download.' >&2; exit {update_exit};;
  install) [ {install_exit} -eq 0 ] && exit 0
           echo 'E: Unable to locate package no-such-package' >&2; exit {install_exit};;
esac
""",
    )
    stand_in(
        bin_dir,
        "dpkg-query",
        '[ "${@: -1}" = installed ] && printf "install ok installed"; exit 0\n',
    )
    return bin_dir


def run(script: str, *args: str, path: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if path is not None:
        env["PATH"] = f"{path}:{env['PATH']}"
    return subprocess.run(
        [str(SCRIPTS / script), *args], env=env, capture_output=True, text=True, timeout=30
    )


def test_a_failing_index_is_retried_once_then_the_install_goes_on(tmp_path):
    bin_dir = apt_machine(tmp_path, update_exit=100, install_exit=0)
    done = run("apt-install.sh", "libmbedtls-dev", "gcc-multilib", path=bin_dir)
    assert done.returncode == 0, done.stderr
    calls = (tmp_path / "calls.log").read_text().splitlines()
    assert calls == [
        "update -qq",
        "update -qq",
        "install -y -qq --no-install-recommends libmbedtls-dev gcc-multilib",
    ]
    warnings = done.stderr.splitlines()
    assert len(warnings) == 2
    assert warnings[0].startswith("warning: apt-get update failed, retrying once: E: Failed")
    assert "binary-i386/Packages.xz" in warnings[1]


def test_a_package_that_cannot_be_installed_is_named_with_apts_error(tmp_path):
    bin_dir = apt_machine(tmp_path, update_exit=0, install_exit=100)
    done = run("apt-install.sh", "installed", "no-such-package", path=bin_dir)
    assert done.returncode == 1
    assert done.stderr.splitlines()[0] == (
        "error: could not install Debian package(s) no-such-package: "
        "E: Unable to locate package no-such-package"
    )


def test_retry_runs_a_failed_command_once_more(tmp_path):
    marker = tmp_path / "failed-once"
    command = f"[ -f {marker} ] || {{ touch {marker}; exit 7; }}"
    done = run("retry.sh", "npm install (npm registry)", "bash", "-c", command)
    assert done.returncode == 0
    assert done.stderr == "warning: npm install (npm registry) failed, retrying once\n"


def test_retry_gives_up_after_the_second_failure_with_one_line(tmp_path):
    done = run("retry.sh", "pip install (PyPI)", "bash", "-c", "exit 7")
    assert done.returncode == 7
    assert done.stderr.splitlines()[-1].startswith(
        "error: pip install (PyPI) failed twice (exit 7); check that the registry is reachable"
    )
