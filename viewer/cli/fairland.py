"""``python -m viewer fairland``: a drop-in for empserver's fairland: same options and
positional arguments, same standard output, newcap script, sector table and
exit status, plus ``--world``, ``--xdump`` (in place of the server's sector
file) and ``--png``/``--layer``.  Options may follow the numbers, as with
glibc's getopt.  Like empserver's default build it checks fairland.c's
assertions and aborts on the first that fails (glibc's message, exit status
134, no files written); ``--ndebug`` behaves as a ``-DNDEBUG`` build.

Everything writes through ``sys.stdout``/``sys.stderr`` so that
:func:`run_fairland` can be called in-process.  fairland keeps empserver's
exit status 134 for a failed assertion; otherwise it promises what every
command does (see :mod:`viewer.cli`).  This module is fairland's declared
``cli_extras``: a command line of its own.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.names import one_line, shown_name
from .extras import OwnCommand

PROG = "fairland"

USAGE_HEAD = """\
Usage: {prog} [OPTION]... NC SC [NI] [IS] [SP] [PM] [DI] [ID]
  -e CONFIG-FILE  configuration file (only WORLD_X and WORLD_Y are read)
{merge}
  -q              quiet
  -R SEED         seed for random number generator
  -s SCRIPT       name of script to create (default newcap_script)
  -h              display this help and exit
  -v              display version information and exit
  --world WxH     world size (default: from CONFIG-FILE, else {world})
  --xdump FILE    write the sector table as empdump -x prints it
  --png FILE      render a layer to a PNG image
  --layer NAME    layer for --png (default own): {layers}
  --bundle FILE   write the reproducible bundle (FILE.npz and FILE.json)
  --ndebug        behave as a -DNDEBUG build: no assertions (empserver's
                  default build aborts where one fails)
  --progress      say on standard error when a large world is being made
                  (on by itself when standard error is a terminal)
"""

# fairland's own defaults for NI and IS follow from NC and SC; the others
# are the Params' defaults (fairland.c's).
_RULE_DEFAULTS = {"ni": "NC", "is": "SC/2"}


def fairland_usage(prog: str = PROG) -> str:
    """fairland -h: the options, then the positional arguments with their
    help and defaults taken from the generator's Params."""
    from ..engine.fairland.generator import PARAMS
    from ..engine.fairland.layers import LAYER_NAMES

    by_name = {p.name: p for p in PARAMS}
    merge = by_name["merge"]
    text = USAGE_HEAD.format(
        prog=prog, layers=", ".join(LAYER_NAMES),
        merge=f"  {merge.cli:<15} {merge.help.partition(': ')[2]}",
        world="x".join(map(str, by_name["world"].default)))
    for p in sorted((p for p in PARAMS if p.positional is not None),
                    key=lambda p: p.positional):
        cname, _, what = p.help.partition(": ")
        default = _RULE_DEFAULTS.get(p.name, p.default)
        text += f"  {cname:<15} {what}" + ("" if p.positional < 2 else f" (default {default})")
        text += "\n"
    return text


VERSION = ("mapgen-viewer fairland: a port of Empire's fairland (empserver ec9633b9)\n\n"
           "fairland is part of Empire, free software under the GNU GPL version 3 or later.\n")


class UsageError(Exception):
    """A command-line error; ``hint`` adds fairland's "Try -h for help."."""

    def __init__(self, message: str | None, hint: bool = True):
        super().__init__(message or "")
        self.message = message
        self.hint = hint


# ---------------------------------------------------------------------------
# C conversions

def _c_number(text: str) -> tuple[bool, str]:
    """What strtol/strtoul read: blanks, an optional sign, then decimal
    digits; returns (negative, digits)."""
    s = text.lstrip(" \t\n\v\f\r")
    negative = s[:1] == "-"
    if s[:1] in ("+", "-"):
        s = s[1:]
    digits = ""
    for ch in s:
        if not (ch.isascii() and ch.isdigit()):
            break
        digits += ch
    return negative, digits


def c_atoi(text: str) -> int:
    """glibc atoi: (int)strtol(text, NULL, 10)."""
    negative, digits = _c_number(text)
    digits = digits.lstrip("0") or ("0" if digits else "")
    if len(digits) > 20:  # strtol saturates (and Python's int() has a digit limit)
        digits = str(2**64)
    value = (-1 if negative else 1) * int(digits) if digits else 0
    value = max(-(2**63), min(2**63 - 1, value))
    value &= 0xFFFFFFFF
    return value - 2**32 if value >= 2**31 else value


def c_strtoul32(text: str) -> int:
    """strtoul(text, NULL, 10) stored in a 32-bit unsigned."""
    negative, digits = _c_number(text)
    if not digits:
        return 0
    digits = digits.lstrip("0") or "0"
    if len(digits) > 21:  # saturates below (and Python's int() has a digit limit)
        digits = str(2**70)
    value = int(digits)
    if value > 2**64 - 1:
        value = 2**64 - 1
        negative = False
    if negative:
        value = (-value) % 2**64
    return value & 0xFFFFFFFF


# ---------------------------------------------------------------------------
# getopt, GNU style (permuting)

@dataclass
class FairlandArgs:
    econfig: str | None = None
    merge: bool = False
    quiet: bool = False
    seed: int | None = None
    script: str = "newcap_script"
    help: bool = False
    version: bool = False
    world: str | None = None
    xdump: str | None = None
    png: str | None = None
    layer: str | None = None
    bundle: str | None = None
    ndebug: bool = False
    progress: bool = False
    numbers: list[str] = field(default_factory=list)


_SHORT_WITH_ARG = {"e": "econfig", "R": "seed", "s": "script"}
_SHORT_FLAGS = {"i": "merge", "q": "quiet", "h": "help", "v": "version"}
_LONG = {"world": "world", "xdump": "xdump", "png": "png", "layer": "layer", "ndebug": "ndebug",
         "progress": "progress", "bundle": "bundle"}
_LONG_FLAGS = {"ndebug", "progress"}


def parse_fairland_argv(argv: Sequence[str]) -> FairlandArgs:
    """Parse like glibc getopt_long with optstring "e:hiqR:s:v".

    -h and -v take effect where they stand (fairland exits there), so a bad
    option before them still fails first, as with the original."""
    args = FairlandArgs()
    i = 0
    while i < len(argv):
        a = argv[i]
        i += 1
        if a == "--":
            args.numbers.extend(argv[i:])
            break
        if a.startswith("--"):
            name, eq, value = a[2:].partition("=")
            matches = [k for k in _LONG if k.startswith(name)] if name else []
            if name in _LONG:
                matches = [name]
            if len(matches) != 1:
                if len(matches) > 1:
                    raise UsageError(f"option '--{name}' is ambiguous")
                raise UsageError(f"unrecognized option '--{name}'")
            name = matches[0]
            if name in _LONG_FLAGS:
                if eq:
                    raise UsageError(f"option '--{name}' doesn't allow an argument")
                setattr(args, _LONG[name], True)
                continue
            if not eq:
                if i >= len(argv):
                    raise UsageError(f"option '--{name}' requires an argument")
                value = argv[i]
                i += 1
            setattr(args, _LONG[name], value)
            continue
        if a.startswith("-") and len(a) > 1:
            j = 1
            while j < len(a):
                ch = a[j]
                j += 1
                if ch in _SHORT_FLAGS:
                    setattr(args, _SHORT_FLAGS[ch], True)
                    if ch in "hv":
                        return args
                elif ch in _SHORT_WITH_ARG:
                    if j < len(a):
                        value = a[j:]
                    elif i < len(argv):
                        value = argv[i]
                        i += 1
                    else:
                        raise UsageError(f"option requires an argument -- '{ch}'")
                    if ch == "R":
                        args.seed = c_strtoul32(value)
                    else:
                        setattr(args, _SHORT_WITH_ARG[ch], value)
                    break
                else:
                    raise UsageError(f"invalid option -- '{ch}'")
            continue
        args.numbers.append(a)
    return args


def fairland_values(numbers: Sequence[str], world: tuple[int, int], merge: bool) -> dict[str, Any]:
    """The generator values for fairland's positional arguments, with its
    defaults (NI = NC, IS = SC/2)."""
    if len(numbers) < 2:
        raise UsageError("missing arguments")
    if len(numbers) > 8:
        raise UsageError("too many arguments")
    from ..engine.fairland.generator import ARG_ORDER, PARAMS

    nums = [c_atoi(n) for n in numbers]
    v: dict[str, Any] = {"world": world, "merge": merge}
    v.update({p.name: p.default for p in PARAMS if p.name in ("sp", "pm", "di", "id")})
    v["nc"], v["sc"] = nums[0], nums[1]
    v["ni"] = v["nc"]
    v["is"] = int(v["sc"] / 2) if v["sc"] >= 0 else -((-v["sc"]) // 2)
    for key, n in zip(ARG_ORDER[2:], nums[2:]):
        v[key] = n
    return v


def _world_size(args: FairlandArgs) -> tuple[int, int]:
    from ..engine.params import parse_size
    from ..formats.fairland_empire import read_econfig_world

    if args.world is not None:
        try:
            return parse_size(args.world)
        except ValueError as exc:
            raise UsageError(f"--world: {exc}", hint=False) from None
    if args.econfig is not None:
        try:
            return read_econfig_world(args.econfig)
        except OSError as exc:
            raise UsageError(f"can't read config file {shown_name(args.econfig)} "
                             f"({exc.strerror})", hint=False) from None
        except ValueError as exc:
            raise UsageError(str(exc), hint=False) from None
    from ..engine.fairland.generator import PARAMS

    return next(tuple(p.default) for p in PARAMS if p.name == "world")


def run_fairland(argv: Sequence[str]) -> int:
    out, err = sys.stdout, sys.stderr
    try:
        args = parse_fairland_argv(argv)
    except UsageError as exc:
        err.write(f"{PROG}: {exc.message}\nTry -h for help.\n")
        return 1
    from ..engine.fairland.generator import FAIRLAND, check_world, compiled_kernels
    from ..engine.fairland.layers import LAYER_NAMES

    if args.help:
        out.write(fairland_usage())
        return 0
    if args.version:
        out.write(VERSION)
        return 0
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    from ..engine.params import ParamError
    from ..engine.protocol import GenerationError

    try:
        world = _world_size(args)
        check_world(*world)
        values = fairland_values(args.numbers, world, args.merge)
        values = FAIRLAND.checked(values)     # (validated once: generate takes them as they are)
    except UsageError as exc:
        err.write(f"{PROG}: {exc.message}\n" + ("Try -h for help.\n" if exc.hint else ""))
        return 1
    except ParamError as exc:
        err.write(f"{PROG}: {exc}\n")
        return 1
    if args.layer is not None and args.layer not in LAYER_NAMES:
        err.write(f"{PROG}: unknown layer {args.layer!r}; layers: {', '.join(LAYER_NAMES)}\n")
        return 1
    problem = _check_extra_outputs(args, values["world"])
    if problem:
        err.write(f"{PROG}: {problem}\n")
        return 1
    wx, wy = values["world"]
    busy = (args.progress or _isatty(err)) and wx * wy >= BUSY_SECTORS
    if busy:
        err.write(f"{PROG}: making a {wx}x{wy} world, this takes a while...\n")
        err.flush()
    try:
        with compiled_kernels():
            result = FAIRLAND.generate(values, seed=seed)
    except GenerationError as exc:
        assertion = getattr(exc, "assertion", None)
        if assertion is not None and not args.ndebug:
            return _abort(assertion, args)
        if not args.quiet:
            out.write(exc.output)
        err.write(f"{PROG}: {exc}\n")
        return 1
    assertion = result.detail.assertion
    if assertion is not None and not args.ndebug:
        return _abort(assertion, args)
    return _write_fairland_outputs(result, args)


BUSY_SECTORS = 512 * 512
"""Worlds this large take a second or more: --progress says so first."""


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False


def _check_extra_outputs(args: FairlandArgs, world: tuple[int, int]) -> str | None:
    """Why --xdump, --png or --bundle cannot be written (checked before any work), or None."""
    from ..formats.atomic import OutputSet, WriteError

    bundle: tuple[str, ...] = ()
    if args.bundle is not None:     # (.args imports argparse, which fairland's parsing does not need)
        from .args import bundle_targets

        bundle = bundle_targets(args.bundle)
    try:
        OutputSet(args.xdump, args.png, *bundle)
    except WriteError as exc:
        return str(exc)
    if args.png is not None:
        from ..engine.protocol import HexTorus
        from ..render.picture import PictureTooLarge, check_export, export_scale

        grid = HexTorus(*world)
        try:
            check_export(grid, export_scale(PROG, grid))
        except PictureTooLarge as exc:
            return f"--png: {exc} (a {world[0]}x{world[1]} world)"
    return None


def _abort(assertion, args: FairlandArgs) -> int:
    """What empserver's default build does when an assertion fails: glibc's
    message, standard output as its buffer leaves it, exit status 134."""
    from ..engine.fairland.assertions import ABORT_STATUS, stdout_left

    out = sys.stdout
    if not args.quiet:
        try:
            tty = out.isatty()
            bufsize = os.fstat(out.fileno()).st_blksize or 4096
        except (AttributeError, OSError, ValueError):
            tty, bufsize = False, 4096
        out.write(stdout_left(assertion.output, tty=tty, bufsize=bufsize))
    sys.stderr.write(assertion.message(PROG))
    return ABORT_STATUS


def _write_fairland_outputs(result, args: FairlandArgs) -> int:
    """The script, then --xdump, --png and --bundle: all written or none."""
    from ..formats.atomic import OutputSet, WriteError
    from ..formats.fairland_empire import newcap_script, xdump_sect_chunks

    out, err = sys.stdout, sys.stderr
    if not args.quiet:
        out.write(result.messages)
    outputs = OutputSet()
    try:
        try:
            outputs.add(args.script, newcap_script(result))
        except WriteError as exc:
            err.write(f"{PROG}: unable to write to {shown_name(args.script)} "
                      f"({os.strerror(exc.errno)})\n")
            return 1
        if args.xdump is not None:
            outputs.add(args.xdump, xdump_sect_chunks(result))
        if args.png is not None:      # the window's Export map of the same map
            from ..formats.png import png_bytes
            from ..render.picture import picture

            outputs.add(args.png, png_bytes(picture(result, args.layer or "own",
                                                    export=True).rgba))
        if args.bundle is not None:
            from .args import add_bundle

            add_bundle(outputs, args.bundle, result)
        outputs.commit()
    except WriteError as exc:
        err.write(f"{PROG}: {exc}\n")
        return 1
    finally:
        outputs.abort()
    if not args.quiet:
        out.write(result.detail.map_text)
        out.write(f'\n\nA script for adding all the countries can be found in '
                  f'"{one_line(args.script, controls_only=True)}".\n')
    return 0


def map_values(argv: Sequence[str]) -> tuple[dict[str, Any], int]:
    """A fairland map ID's values and seed, read as fairland reads its
    arguments (``--world`` or ``-e``'s econfig for the size; without ``-R``
    a random seed, as fairland takes one)."""
    import random

    args = parse_fairland_argv(argv)
    if args.help or args.version:
        raise UsageError("a map ID is a command that makes a map, not its help")
    if args.econfig is not None:
        from .extras import refuse_input_file

        refuse_input_file("-e", args.econfig)
    values = fairland_values(args.numbers, _world_size(args), args.merge)
    seed = args.seed if args.seed is not None else random.randrange(2 ** 32)
    return values, seed


EXTRAS = OwnCommand(run_fairland, map_values)
"""fairland's command line is its own: the drop-in for empserver's."""
