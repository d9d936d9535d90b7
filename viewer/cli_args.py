"""Pieces the argparse-based command lines share (tgp, ports): usage errors
as exceptions instead of argparse's exit(2), the help, whole numbers, seeds
and the picture scale."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence


class Usage(Exception):
    """A command-line mistake; the message says what to fix."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit(2)
        raise Usage(message)


def parse(parser: Parser, argv: Sequence[str], prog: str) -> argparse.Namespace | int:
    """The parsed arguments, or the exit status when the help was asked for
    (printed, 0) or the arguments were wrong (message printed, 1)."""
    try:
        args = parser.parse_args(list(argv))
    except Usage as exc:
        sys.stderr.write(f"{prog}: {exc}\nTry '{prog} --help' for help.\n")
        return 1
    if getattr(args, "help", False):
        sys.stdout.write(parser.format_help())
        return 0
    return args


def whole(text: str, what: str) -> int:
    try:
        return int(str(text).strip(), 10)
    except ValueError:
        raise Usage(f"{what}: expected a whole number, not {text!r}") from None


def seed_or_random(text: str | None) -> int:
    """A 32-bit seed from ``text``, or a random one when it is None."""
    from .engine.tgp.generator import check_seed

    return check_seed(text) if text is not None else int.from_bytes(os.urandom(4), "little")


def picture_scale(text: str | None) -> int | None:
    """``--scale``: pixels per cell, 1..64 (None when not given)."""
    if text is None:
        return None
    scale = whole(text, "--scale")
    if not 1 <= scale <= 64:
        raise Usage(f"--scale must be 1..64, not {scale}")
    return scale
