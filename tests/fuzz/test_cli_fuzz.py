"""Hostile command lines, run in-process through ``viewer.cli.main``: every
run ends with status 0, 1 or 2 and, on failure, one clear first line on
standard error; no traceback, no temporary file left, no existing file lost
or changed by a failed run, symlinks kept as links.

Examples per command: ``FUZZ_EXAMPLES`` (default :data:`CI_EXAMPLES`);
derandomized, so a run is reproducible."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from cli_cases import fairland_argv, numberlink_argv, ports_argv, setup_inputs, sweep_argv, tgp_argv
from hostile import check_clean, run_main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CI_EXAMPLES = {"fairland": 300, "tgp": 250, "ports": 200, "numberlink": 300, "sweep": 80,
               "map_id": 200}


def examples(name: str) -> int:
    return int(os.environ.get("FUZZ_EXAMPLES", CI_EXAMPLES[name]))


def fuzz_settings(name: str):
    return settings(max_examples=examples(name), derandomize=True, database=None,
                    deadline=None, suppress_health_check=list(HealthCheck), print_blob=True)


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory(prefix="fuzz-cli-") as d:
        path = Path(d)
        setup_inputs(path)
        yield path
        (path / "ro").chmod(0o755)


def _check(argv, folder: Path, prog: str):
    run = run_main(argv, folder)
    if run.status == 134 and prog == "fairland":  # empserver's assertion abort (documented)
        assert "Assertion" in run.err, run.err
        run.status = 1
    check_clean(run, prog)
    assert (folder / "link").is_symlink(), (argv, "the symlink was replaced")
    assert (folder / "sub").is_dir()
    return run


@fuzz_settings("fairland")
@given(argv=fairland_argv())
def test_fairland_cli(folder, argv):
    _check(argv, folder, "fairland")


@fuzz_settings("tgp")
@given(argv=tgp_argv())
def test_tgp_cli(folder, argv):
    _check(argv, folder, "tgp")


@fuzz_settings("ports")
@given(argv=ports_argv())
def test_ports_cli(folder, argv):
    _check(argv, folder, "ports")


@fuzz_settings("numberlink")
@given(argv=numberlink_argv())
def test_numberlink_cli(folder, argv):
    _check(argv, folder, "numberlink")


@fuzz_settings("sweep")
@given(argv=sweep_argv())
def test_sweep_cli(folder, argv):
    _check(argv, folder, "sweep")


@fuzz_settings("map_id")
@given(argv=st.one_of(tgp_argv(), ports_argv(), fairland_argv(), numberlink_argv(),
                      sweep_argv()))
def test_pasted_map_ids(folder, argv):
    check_pasted_map_id(folder, argv)


def check_pasted_map_id(folder: Path, argv: list[str]) -> None:
    """A hostile command line pasted as a map ID: opened or refused in one
    line, nothing printed, and no file read but a shipped preset (the user
    chose none)."""
    import builtins
    import contextlib
    import io
    import shlex

    from cli_cases import PRESETS

    from viewer.workbench.map_id import MapIdError, parse_map_id

    opened = []
    real, real_os = builtins.open, os.open

    def spy(f, *a, **kw):
        opened.append(str(f))
        return real(f, *a, **kw)

    def os_spy(f, *a, **kw):
        opened.append(str(f))
        return real_os(f, *a, **kw)

    text = shlex.join(["python", "-m", "viewer", *argv])
    printed = io.StringIO()
    old = os.getcwd()
    os.chdir(folder)
    builtins.open = io.open = spy
    os.open = os_spy
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            parse_map_id(text)
    except MapIdError as exc:
        assert "\n" not in str(exc) and str(exc).strip(), repr(exc)
    finally:
        builtins.open = io.open = real
        os.open = real_os
        os.chdir(old)
    read = [f for f in opened if not f.endswith(".py") and f not in PRESETS
            and "site-packages" not in f and "/viewer/" not in f
            and not f.isdigit()]      # (a descriptor of a file opened by name above)
    assert not read, (argv, read)
    assert not printed.getvalue(), (argv, printed.getvalue()[:200])
