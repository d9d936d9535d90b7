"""Failed writes: each command that writes several files, with the k-th file
operation failing (disk full, I/O error, quota, permission).  The command
must end with status 1 and one line saying which file and why, leave every
existing target as it was, create none, and leave no temporary file; when
no operation fails, every target is new."""

from __future__ import annotations

import errno
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

from hostile import check_clean, run_main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

COMMANDS = {
    "fairland": ["fairland", "-R", "1", "--world", "32x16", "-s", "t1", "--xdump", "t2",
                 "--png", "t3", "-q", "2", "20"],
    "tgp": ["tgp", "--size", "64x64", "--seed", "1", "--npz", "t1", "--png", "t2",
            "--heightmap-png", "t3", "-q"],
    "ports": ["ports", "--tgp-size", "64x64", "--seed", "1", "--json", "t1", "--csv", "t2",
              "--png", "t3", "-q"],
    "numberlink": ["numberlink", "generate", "--size", "5x5", "--out", "t1",
                   "--solution-out", "t2", "--png", "t3", "--solution-png", "t4"],
}
OPERATIONS = ("mkstemp", "write", "chmod", "replace", "link")   # (outputs are not synced: atomic.py)
ERRORS = (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EACCES, errno.EROFS)


@contextmanager
def failing(operation: str, at: int, code: int):
    """Make the ``at``-th call of ``operation`` by the atomic writer fail."""
    import viewer.formats.atomic as atomic

    calls = {"n": 0}

    def wrap(real):
        def fake(*args, **kwargs):
            calls["n"] += 1
            if calls["n"] == at:
                raise OSError(code, os.strerror(code))
            return real(*args, **kwargs)
        return fake

    if operation == "mkstemp":
        target, attr = atomic, "_mkstemp"
    elif operation == "write":
        target, attr = atomic, "_write_fd"
    else:
        target, attr = atomic.os, operation
    real = getattr(target, attr)
    setattr(target, attr, wrap(real))
    try:
        yield calls
    finally:
        setattr(target, attr, real)


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 120)), derandomize=True,
          database=None, deadline=None, suppress_health_check=list(HealthCheck))
@given(command=st.sampled_from(sorted(COMMANDS)), operation=st.sampled_from(OPERATIONS),
       at=st.integers(1, 5), code=st.sampled_from(ERRORS), existing=st.booleans())
def test_a_failed_write_changes_nothing(command, operation, at, code, existing):
    argv = COMMANDS[command]
    with tempfile.TemporaryDirectory(prefix="fuzz-writes-") as d:
        folder = Path(d)
        targets = [a for a in argv if a.startswith("t") and a[1:].isdigit()]
        if existing:
            for t in targets:
                (folder / t).write_text(f"old {t}")
        with failing(operation, at, code) as calls:
            run = run_main(argv, folder)
        check_clean(run, command)
        left = sorted(p.name for p in folder.iterdir())
        if run.status == 0:
            # (a backup link that cannot be made is done without: not a failure)
            assert calls["n"] < at or operation == "link", "a failure went unnoticed"
            for t in targets:
                assert (folder / t).read_bytes() != f"old {t}".encode()
        else:
            assert run.status == 1 and os.strerror(code) in run.err, run.err
            assert left == (targets if existing else []), left
            for t in targets if existing else ():
                assert (folder / t).read_text() == f"old {t}"
