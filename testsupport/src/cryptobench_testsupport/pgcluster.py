"""A throwaway PostgreSQL cluster in a temporary directory (Debian's `postgresql` binaries).

Used by the test suite, the benchmarks and `make stack`. As root, the server runs as the
`postgres` system user, because initdb refuses to run as root.
"""

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path


class PostgresUnavailable(RuntimeError):
    pass


def find_bindir() -> Path:
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name)
    )
    for bindir in reversed(candidates):
        if (Path(bindir) / "initdb").exists():
            return Path(bindir)
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise PostgresUnavailable(
        "PostgreSQL server binaries not found: install Debian's package with "
        "'apt-get install postgresql' (make test does this on a fresh machine)"
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Cluster:
    root: Path
    port: int
    bindir: Path
    user: str | None

    @property
    def datadir(self) -> Path:
        return self.root / "data"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, *args: str) -> subprocess.CompletedProcess:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        return subprocess.run(command, check=True, capture_output=True, text=True, cwd=self.root)

    def init(self) -> None:
        self._run(
            "initdb",
            "-D",
            str(self.datadir),
            "-U",
            "postgres",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
            "--locale=C",
        )

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.datadir),
            "-l",
            str(self.root / "server.log"),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.datadir), "-m", mode, "-w", "stop")

    def create_database(self, name: str) -> str:
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)
        return self.url(name)


def libpq_url(url: str) -> str:
    """A URL this module makes (SQLAlchemy's, naming the psycopg driver) as libpq takes it, for
    `psycopg.connect`."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def start_cluster(root: Path | None = None) -> Cluster:
    """Make and start a fresh cluster; the caller stops it with `destroy`."""
    bindir = find_bindir()
    path = Path(root or tempfile.mkdtemp(prefix="cryptobench-pg-"))
    path.mkdir(parents=True, exist_ok=True)
    user = None
    if os.geteuid() == 0:
        user = "postgres"
        entry = pwd.getpwnam(user)
        os.chown(path, entry.pw_uid, entry.pw_gid)
        path.chmod(0o700)
    cluster = Cluster(root=path, port=free_port(), bindir=bindir, user=user)
    cluster.init()
    cluster.start()
    return cluster


def destroy(cluster: Cluster) -> None:
    try:
        cluster.stop("immediate")
    finally:
        shutil.rmtree(cluster.root, ignore_errors=True)
