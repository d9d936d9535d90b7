"""The dispatcher knows commands through the registry: a generator's own
command line or the generic one comes from its declaration's cli_extras,
``python -m viewer --help`` lists what is registered, and the generic
modules of the command line name no generator."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
import registered

from viewer import registry
from viewer.cli import main, main_usage
from viewer.cli.extras import OwnCommand
from viewer.declaration import Declaration

CLI = Path(__file__).resolve().parents[2] / "viewer" / "cli"
GENERATOR_NAMES = re.compile(r"fairland|tgp|terragenesis|numberlink|number link|\bports?\b",
                             re.IGNORECASE)


def run(argv, monkeypatch):
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    return main(list(argv)), out.getvalue(), err.getvalue()


@pytest.fixture
def echo():
    """A generator whose command line is its own, declared as a plugin would."""
    seen = []

    def run_echo(argv):
        seen.append(list(argv))
        sys.stdout.write("echo: " + " ".join(argv) + "\n")
        return 3

    from viewer.engine.fairland.generator import FAIRLAND

    decl = Declaration("echo", "Echo of its arguments", FAIRLAND,
                       cli_extras=OwnCommand(run_echo))
    registry.register(decl)
    yield seen
    registry.unregister("echo")


def test_a_declared_command_of_its_own_is_run_with_its_arguments(echo, monkeypatch):
    rc, out, err = run(["echo", "a", "--b"], monkeypatch)
    assert (rc, out, err) == (3, "echo: a --b\n", "")
    assert echo == [["a", "--b"]]
    assert main_usage().endswith(", echo\n")          # among the generators named


def test_the_usage_lists_every_registered_generator_and_the_generic_commands(monkeypatch):
    rc, out, _ = run(["--help"], monkeypatch)
    assert rc == 0
    assert out.endswith(f"generators: {', '.join(registry.names())}\n")
    assert "python -m viewer GENERATOR ARGS..." in out
    assert "python -m viewer sweep GENERATOR" in out and "python -m viewer replay" in out


def test_an_unknown_command_is_refused_with_the_usage(monkeypatch):
    rc, out, err = run(["nosuch"], monkeypatch)
    assert rc == 2 and out == ""
    assert err.startswith("viewer: unknown command 'nosuch'\nusage: python -m viewer")


def test_the_dispatcher_and_generic_modules_name_no_generator():
    generic = [p for p in CLI.glob("*.py")
               if not GENERATOR_NAMES.match(p.stem)]
    assert {p.name for p in generic} >= {"__init__.py", "generic.py", "extras.py", "args.py"}
    for path in generic:
        found = GENERATOR_NAMES.findall(path.read_text(encoding="utf-8"))
        assert not found, f"{path.name} names {sorted(set(found))}"


@pytest.mark.parametrize("name", registered.on_the_generic_command_line())
def test_a_generator_runs_on_the_generic_command_line_with_declared_extras(name):
    from viewer.cli.extras import CliExtras
    from viewer.cli.generic import parser_for

    decl = registry.declaration(name)
    extras = decl.load("cli_extras")
    assert extras is None or (isinstance(extras, CliExtras) and extras.command is None)
    flags = {f for a in parser_for(decl)._actions for f in a.option_strings}
    assert {p.flag for p in decl.params} <= flags                      # one option per Param
    assert {"--seed", "--png", "--layer", "--scale", "--export", "--bundle", "-q"} <= flags
