"""Pieces the argparse-based command lines share (the generic one, Number
Link's, sweep, replay): usage errors as exceptions instead of argparse's
exit(2), the help, one option per Param, whole numbers, seeds, the picture
scale, the bundle."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence


class Usage(Exception):
    """A command-line mistake; the message says what to fix."""


class LiteralDashes:
    """argparse mixin: ``--option=--`` gives the option the value ``--`` (as
    getopt does) instead of argparse's empty list."""

    def _get_values(self, action, arg_strings):
        if action.option_strings and action.nargs is None and arg_strings == ["--"]:
            value = self._get_value(action, "--")
            self._check_value(action, value)
            return value
        return super()._get_values(action, arg_strings)


class Parser(LiteralDashes, argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit(2) after its usage lines
        raise Usage(usage_line(message))

    def exit(self, status: int = 0, message: str | None = None):
        raise Usage((message or "").strip() or "bad arguments")


def usage_line(message: str) -> str:
    """Argparse's message as one line (the words it echoes escaped and cut)."""
    from ..engine.names import one_line

    return one_line(message)


METAVAR = {"size": "WxH", "int": "K", "choice": "NAME", "float": "X", "text": "TEXT",
           "bool": "BOOL", "path": "FILE", "curve": "X:Y,X:Y,..."}
"""How a parameter's value is shown in the help, by Param kind."""


def default_text(prm) -> str:
    """A parameter's default as the help shows it (and the option takes it)."""
    d = prm.default
    if prm.kind == "path":
        return str(d) or "none"
    if prm.kind == "bool":
        return str(d)
    return prm.text(d)


def param_help(prm) -> str:
    """A parameter's help line: what it is, its choices or bounds, its default."""
    what = prm.help or prm.label
    if prm.choices:
        what += f"; one of {', '.join(map(str, prm.choices))}"
    elif prm.minimum is not None or prm.maximum is not None:
        lo = prm.minimum if prm.minimum is not None else ""
        hi = prm.maximum if prm.maximum is not None else ""
        what += f", {lo}..{hi}"
    return f"{what} (default {default_text(prm)})".replace("%", "%%")


def param_dest(prm) -> str:
    """Where the parsed option of a parameter is kept in the namespace."""
    return "p_" + prm.name


def add_param_options(parser, params) -> None:
    """One option per Param: its flag, help, bounds and default; a bool is
    ``--flag``, ``--flag BOOL`` or ``--no-flag``.  Values stay text (or
    True / False) until the generator validates them."""
    for prm in params:
        text = param_help(prm)
        flag = prm.flag
        if prm.kind == "bool":
            parser.add_argument(flag, dest=param_dest(prm), default=None, nargs="?",
                                const=True, metavar=METAVAR["bool"], help=text)
            if flag.startswith("--"):
                parser.add_argument("--no-" + flag[2:], dest=param_dest(prm),
                                    action="store_const", const=False,
                                    help=f"the opposite of {flag}")
            continue
        parser.add_argument(flag, dest=param_dest(prm), default=None,
                            metavar=METAVAR.get(prm.kind, "V"), help=text)


def given_values(args: argparse.Namespace, params) -> dict:
    """The parameters given on the command line, by name, as their text (or
    True / False for a bool's bare flag): the generator's validate reads
    them with the Params' codec (:meth:`~viewer.engine.params.Param.parse`,
    the inverse of the :meth:`~viewer.engine.params.Param.text` the help
    and the shared command lines write)."""
    given = {}
    for prm in params:
        v = getattr(args, param_dest(prm))
        if v is not None:
            given[prm.name] = v
    return given


def parse(parser: Parser, argv: Sequence[str], prog: str) -> argparse.Namespace | int:
    """The parsed arguments, or the exit status when the help was asked for
    (printed, 0) or the arguments were wrong (message printed, 1)."""
    argv = list(argv)
    words = argv[:argv.index("--")] if "--" in argv else argv
    if any(w in ("-h", "--help") for w in words) and _has_help(parser):
        sys.stdout.write(parser.format_help())   # before required arguments are missed
        return 0
    try:
        args = parser.parse_args(argv)
    except Usage as exc:
        sys.stderr.write(f"{prog}: {exc}\n")
        return 1
    if getattr(args, "help", False):
        sys.stdout.write(parser.format_help())
        return 0
    return args


def _has_help(parser: argparse.ArgumentParser) -> bool:
    return any(a.dest == "help" for a in parser._actions)


def whole(text: str, what: str) -> int:
    """``text`` read by the one rule for whole numbers
    (:func:`~viewer.engine.params.parse_whole`); Usage naming ``what``."""
    from ..engine.params import parse_whole

    try:
        if len(str(text)) > 30:
            raise ValueError
        return parse_whole(str(text))
    except ValueError:
        raise Usage(f"{what}: expected a whole number, not {shorten(text)}") from None


def shorten(text: object, limit: int = 60) -> str:
    """``repr(text)`` cut to about ``limit`` characters, for a message."""
    r = repr(text)
    return r if len(r) <= limit else r[:limit] + "..."


def random_seed(kind: str = "int") -> int | str:
    """A random seed of ``kind`` ("int": 32 bits; "text": its digits)."""
    seed = int.from_bytes(os.urandom(4), "little")
    return str(seed) if kind == "text" else seed


def check_outputs(*paths: str | None):
    """An :class:`~viewer.formats.atomic.OutputSet` for the given output
    files (None: not asked for), every target checked before any work;
    Usage when one cannot be written."""
    from ..formats.atomic import OutputSet, WriteError

    try:
        return OutputSet(*paths)
    except WriteError as exc:
        raise Usage(str(exc)) from None


def picture_scale(text: str | None) -> int | None:
    """``--scale``: pixels per cell, 1..64 (None when not given)."""
    if text is None:
        return None
    scale = whole(text, "--scale")
    if not 1 <= scale <= 64:
        raise Usage(f"--scale must be 1..64, not {scale}")
    return scale


def isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class ProgressLine:
    """``progress(text, fraction)`` on standard error: one line rewritten in
    place on a terminal, else a line at most every half second."""

    def __init__(self, stream, enabled: bool):
        self.stream = stream
        self.enabled = enabled
        self.tty = isatty(stream)
        self.last = 0.0
        self.width = 0

    def __call__(self, text: str, fraction: float) -> None:
        now = time.monotonic()
        if not self.enabled or now - self.last < (0.1 if self.tty else 0.5):
            return
        self.last = now
        line = text
        if self.tty:
            self.stream.write("\r" + line.ljust(self.width))
            self.width = len(line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def clear(self) -> None:
        if self.tty and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def add_bundle_option(parser) -> None:
    """``--bundle FILE.npz``: the reproducible bundle the window writes."""
    parser.add_argument("--bundle", metavar="FILE.npz",
                        help="write the reproducible bundle: every layer in FILE.npz and "
                             "FILE.json with the generator, parameters and seed "
                             "(python -m viewer replay FILE.npz makes it again)")


def bundle_targets(path: str | None) -> tuple[str, ...]:
    """The files ``--bundle path`` writes (the NPZ and its sidecar), for
    :func:`check_outputs` / an OutputSet; () when not asked for."""
    if path is None:
        return ()
    from ..formats.bundle import sidecar_path

    try:
        return path, str(sidecar_path(path))
    except ValueError:      # no file name ("", "/", "."): refused as the NPZ's target
        return (path,)


def add_bundle(outputs, path: str | None, result) -> None:
    """Write the bundle of ``result`` (or of ``result()``, made only when a
    bundle is asked for) to ``path`` into ``outputs``, an OutputSet: all of a
    command's files or none."""
    if path is None:
        return
    from ..formats.bundle import bundle_files

    for name, data in bundle_files(path, result() if callable(result) else result):
        outputs.add(name, data)
