"""Command line: ``python -m viewer GENERATOR ...``; with no arguments the GUI.

The dispatcher knows the generators through the registry: each runs on the
generic command line (:mod:`.generic`) with the flags its declaration's
``cli_extras`` adds (:mod:`.extras`), or on a command line of its own that
the extras name; ``sweep`` (:mod:`.sweep`) and ``replay`` (:mod:`.replay`)
take any generator.

What every command promises on bad input (see :mod:`.streams` and
:mod:`viewer.formats.atomic`): exit status 0, 1 for a refused input or a
failed write, 2 for an unknown command (a drop-in may keep its C tool's own
statuses, as an aborting assertion's 134), with one line
``PROG: message`` on standard error naming the input, never a traceback; a
command's output files are all written or none, each atomically, through
symlinks; a broken pipe ends the command quietly as SIGPIPE ends a C tool.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

__all__ = ["main", "main_usage", "GENERIC_COMMANDS"]


def _run_sweep(argv: Sequence[str]) -> int:
    from .sweep import run_sweep_cli

    return run_sweep_cli(list(argv))


def _run_replay(argv: Sequence[str]) -> int:
    from .replay import run_replay

    return run_replay(list(argv))


GENERIC_COMMANDS: dict[str, tuple[Callable[[Sequence[str]], int], str, str]] = {
    "sweep": (_run_sweep, "sweep GENERATOR --seeds A..B --out FILE ...",
              "many seeds, one table"),
    "replay": (_run_replay, "replay BUNDLE.npz", "make a bundle's map again and compare"),
}
"""The commands that take any generator: run, arguments, what they do."""

_WIDTH = 38


def _line(head: str, what: str, first: bool = False) -> str:
    lead = "usage: " if first else "       "
    text = f"python -m viewer {head}" if head else "python -m viewer"
    gap = " " * max(3, _WIDTH - len(text))
    return f"{lead}{text}{gap}{what}\n"


def main_usage() -> str:
    """``python -m viewer --help``: the window, a generator's command, the
    generic commands, and the registered generators' names (no declaration
    is imported for it: the help stays instant)."""
    from .. import registry

    text = _line("", "open the workbench window", first=True)
    text += _line("GENERATOR ARGS...", "make a map (try: python -m viewer GENERATOR -h)")
    for _run, head, what in GENERIC_COMMANDS.values():
        text += _line(head, what)
    return text + f"generators: {', '.join(registry.names())}\n"


def run_generator(name: str, argv: Sequence[str]) -> int:
    """Generator ``name``'s command: its own (declared in its cli_extras)
    or the generic one with its extras."""
    from .. import registry, runtime
    from .extras import extras_of

    runtime.command_map_starting()      # (a second map in this process: memory kept)
    extras = extras_of(registry.declaration(name))
    if extras.command is not None:      # (its own parser: the generic one is not imported)
        return extras.command(list(argv))
    from .generic import run_generic

    return run_generic(name, argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; ``argv`` excludes the program name."""
    argv = list(sys.argv[1:] if argv is None else argv)
    from .. import runtime

    runtime.configure_command()     # (numba's cache folder, one BLAS thread: viewer.runtime)
    if not argv:
        try:
            from ..ui.app import main as gui_main
        except ModuleNotFoundError as exc:   # (mapgen-viewer bypasses __main__'s guard)
            if exc.name and exc.name.split(".")[0] == "viewer":
                raise
            from .streams import missing_package

            sys.stderr.write(f"viewer: {missing_package(exc)}\n")
            return 1
        return gui_main()
    cmd, rest = argv[0], argv[1:]
    from .. import registry
    from .streams import run_guarded

    def usage() -> int:
        sys.stdout.write(main_usage())
        return 0

    def unknown() -> int:
        sys.stderr.write(f"viewer: unknown command {cmd!r}\n{main_usage()}")
        return 2

    if cmd in ("-h", "--help", "help"):
        return run_guarded("viewer", usage)
    if cmd in GENERIC_COMMANDS:
        run = GENERIC_COMMANDS[cmd][0]
        return run_guarded(cmd, lambda: run(rest))
    if registry.known(cmd):
        return run_guarded(cmd, lambda: run_generator(cmd, rest))
    return run_guarded("viewer", unknown)
