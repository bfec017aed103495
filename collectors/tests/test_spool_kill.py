"""kill -9 at any moment while runs are being spooled: every file in pending/ is a whole run."""

import os
import signal
import subprocess
import sys
import textwrap

from cryptobench_collect.spool import Spool

WRITER = textwrap.dedent("""
    import sys, uuid
    from collect_support import make_run
    from cryptobench_contract import Artifact
    from cryptobench_collect.spool import Spool
    spool = Spool(__import__("pathlib").Path(sys.argv[1]))
    print("ready", flush=True)
    while True:
        run = make_run(str(uuid.uuid4()), artifact=Artifact(content="x" * 2_000_000))
        path = spool.add(run)
        spool.mark_sent(path) if run.run_id.int % 2 else None
""")


def test_kill_9_never_leaves_a_half_written_run(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.path.dirname(__file__)}
    for delay in (0.05, 0.13, 0.29, 0.41, 0.6):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path)], stdout=subprocess.PIPE, env=env
        )
        assert writer.stdout.readline() == b"ready\n"
        try:
            writer.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            writer.send_signal(signal.SIGKILL)
            writer.wait()
    spool = Spool(tmp_path)
    items = spool.paths("pending") + spool.paths("sent")
    assert items, "the writer never got to write anything"
    for path in items:
        assert len(spool.load(path).run.artifact.content) == 2_000_000
