"""What a generator's declaration names as ``cli_extras``: its part of the
command line.

Most generators run on the generic command line (:mod:`.generic`: one
option per Param, the seed, a preset, ``--png``, the declared exports, a
bundle, the metrics); their :class:`CliExtras` adds flags of their own and
hooks that see the values and write the outputs those flags ask for.  A
generator whose command line is a program of its own (a drop-in for a C
tool, a command with subcommands) sets :attr:`CliExtras.command` instead,
and the dispatcher hands it the arguments whole.

Every hook has the generic default, so a generator declares only what it
changes, and ``cli_extras=None`` is the plain generic command line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (a command line of its own parses without argparse)
    import argparse

__all__ = ["CliExtras", "OwnCommand", "GENERIC", "extras_of"]


class CliExtras:
    """A generator's command-line extras; subclass and override what differs.

    ``command``: ``run(argv) -> exit status``, a command line of its own
    (None: the generic one, with the hooks below).
    ``description`` heads its ``--help`` (None: its title).
    ``random_seed``: without ``--seed``, a random seed (printed in the
    command line) instead of the declared default.
    """

    command: Callable[[Sequence[str]], int] | None = None
    description: str | None = None
    random_seed: bool = False

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the generator's own flags to the generic parser."""

    def values(self, args: argparse.Namespace, given: dict[str, Any]) -> dict[str, Any]:
        """The values to validate: ``given`` (the Params' options and the
        preset) as the generator's flags complete them; raise
        :class:`~.args.Usage` for a refused combination."""
        return given

    def layers(self, decl: Any, values: Mapping[str, Any]) -> Sequence[str]:
        """The layers ``--layer`` may name for these values."""
        return tuple(decl.layer_info)

    def cells(self, values: Mapping[str, Any]) -> Any:
        """The grid these values make, when it is known before the run (so
        that too large a ``--png`` is refused before any work); None: after."""
        return None

    def check(self, args: argparse.Namespace, values: Mapping[str, Any]) -> Any:
        """Check the generator's own flags before the run (Usage when
        wrong); what is returned is handed to :meth:`write`."""
        return None

    def input_files(self, args: argparse.Namespace) -> tuple[tuple[str, str], ...]:
        """(flag, path) of the input files the generator's own flags name
        (a pasted map ID refuses them: it reads no file the user did not
        choose)."""
        return ()

    def targets(self, args: argparse.Namespace) -> tuple[str | None, ...]:
        """The files the generator's own flags write (None: not asked for),
        checked with the others before any work."""
        return ()

    def write(self, outputs: Any, result: Any, args: argparse.Namespace, checked: Any
              ) -> list[str]:
        """Add the files of the generator's own flags to ``outputs`` (an
        OutputSet: all of the command's files or none), before the generic
        ones; the lines to print about them."""
        return []

    def map_values(self, decl: Any, argv: Sequence[str]) -> tuple[dict[str, Any], Any]:
        """A map ID's values and seed, read by this command line's own
        parser (outputs it names are not written: a map ID opens a map).
        Raises an exception whose message is one line for a refused one."""
        from .args import Usage
        from .parsing import generic_parser, values_and_seed

        argv = list(argv)
        if any(w in ("-h", "--help") for w in argv):
            raise Usage("a map ID is a command that makes a map, not its help")
        args = generic_parser(decl, self).parse_args(argv)
        refuse_input_files(decl, args)
        for flag, path in self.input_files(args):
            refuse_input_file(flag, path)
        return values_and_seed(decl, self, args)

    def report(self, out: Any, decl: Any, result: Any, values: Mapping[str, Any], seed: Any,
               notes: Sequence[str]) -> None:
        """What the command prints on success (unless ``-q``): by default
        the map's size and seed, then one line per file written."""
        out.write(f"{decl.name}: {result.grid.width}x{result.grid.height}, "
                  f"seed {result.seed}\n")
        for note in notes:
            out.write(note + "\n")


def refuse_input_file(flag: str, path: Any) -> None:
    """A pasted map ID reads no file the user did not choose: Usage naming
    ``flag`` and ``path``."""
    from ..engine.names import shown_name
    from .args import Usage, shorten

    shown = shown_name(path)
    raise Usage(f"{flag}: a map ID reads no file ({shown if len(shown) <= 60 else shorten(path)}"
                f"); open the file itself in the window")


def refuse_input_files(decl: Any, args: argparse.Namespace) -> None:
    """Refuse the generic command line's options that name an input file in
    a map ID: ``--preset`` (but one of the presets that come with the
    program) and every file parameter."""
    from .args import given_values

    if args.preset:
        from ..formats.presets import is_shipped

        if not is_shipped(args.preset):
            refuse_input_file("--preset", args.preset)
    files = [p for p in decl.params if p.kind == "path"]
    for name, path in given_values(args, files).items():
        if path:
            refuse_input_file(decl.param(name).flag, path)


class OwnCommand(CliExtras):
    """The extras of a generator whose command line is a program of its own:
    ``run(argv) -> exit status``."""

    def __init__(self, run: Callable[[Sequence[str]], int],
                 map_values: Callable[[Sequence[str]], tuple[dict[str, Any], Any]] | None = None):
        self.command = run
        self._map_values = map_values

    def map_values(self, decl: Any, argv: Sequence[str]) -> tuple[dict[str, Any], Any]:
        if self._map_values is None:
            raise ValueError(f"{decl.name}'s command line has no map IDs")
        values, seed = self._map_values(list(argv))
        return decl.validate(values), decl.check_seed(seed)


GENERIC = CliExtras()
"""The extras of a generator that declares none."""


def extras_of(decl: Any) -> CliExtras:
    """The declaration's command-line extras (the generic ones where it has none)."""
    extras = decl.load("cli_extras")
    return GENERIC if extras is None else extras
