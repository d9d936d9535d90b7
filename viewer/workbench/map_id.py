"""Map IDs: a map as a line of text to copy, paste and share, as Tatham's
puzzles have game IDs, without Qt.

A map ID is the command line that makes the map, ``python -m viewer NAME
...``.  It is written from the generator's own command line (its declared
``command_line``) with whatever that line leaves to its context added as
options (a drop-in for a C tool that reads the world size from its config
file gets its size option, e.g. ``--world 256x128``), and it is checked when
written: read back, it must give the same values and seed.  It is read by
the generator's own command-line parser (its ``cli_extras.map_values``), so
a pasted ID means what it means in a terminal; the outputs it names (a
``--png``, ...) are not written: a map ID opens a map.  A refused ID raises
:class:`MapIdError` with one line.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import registry
from ..declaration import Declaration

__all__ = ["MapId", "MapIdError", "map_id", "parse_map_id", "generic_command_line", "PREFIXES"]

PREFIXES = (("python", "-m", "viewer"), ("python3", "-m", "viewer"), ("mapgen-viewer",),
            (".venv/bin/python", "-m", "viewer"), ("scripts/run-app",))
"""What may stand before the generator's name (how one runs the program)."""

MAX_CHARS = 100_000
"""A longer text is not a map ID (someone pasted a file)."""


class MapIdError(ValueError):
    """A text that is not a map ID this program can open; the message is one line."""


@dataclass(frozen=True)
class MapId:
    generator: str
    values: dict[str, Any]
    seed: Any


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _words(text: str) -> list[str]:
    if len(text) > MAX_CHARS:
        raise MapIdError(f"not a map ID: {len(text)} characters (a map ID is one command "
                         f"line)")
    line = " ".join(part for part in text.replace("\\\n", " ").splitlines() if part.strip())
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise MapIdError(f"not a map ID: {exc}") from None
    if words and words[0] == "$":
        words = words[1:]
    for prefix in PREFIXES:
        if tuple(words[:len(prefix)]) == prefix:
            return words[len(prefix):]
    if words and words[0].endswith("python") and words[1:3] == ["-m", "viewer"]:
        return words[3:]
    return words


def parse_map_id(text: str) -> MapId:
    """The generator, values and seed of map ID ``text`` (MapIdError when refused)."""
    words = _words(text)
    if not words:
        raise MapIdError("not a map ID: nothing to read (copy one with Edit > Copy map ID)")
    name, argv = words[0], words[1:]
    names = registry.names()
    if name not in names:
        raise MapIdError(f"not a map ID: {shlex.quote(name)[:40]} is not a generator "
                         f"(known: {', '.join(names)})")
    decl = registry.declaration(name)
    try:
        values, seed = _map_values(decl, argv)
    except MapIdError:
        raise
    except Exception as exc:  # noqa: BLE001 - every parser's refusal is one line
        raise MapIdError(f"{name}: {_one_line(exc)}") from None
    return MapId(name, dict(values), seed)


def _map_values(decl: Declaration, argv: list[str]) -> tuple[dict[str, Any], Any]:
    extras = decl.load("cli_extras")
    if extras is not None:
        return extras.map_values(decl, argv)
    return _generic_values(decl, argv)


def _generic_values(decl: Declaration, argv: list[str]) -> tuple[dict[str, Any], Any]:
    """The generic command line's ``--PARAM VALUE ... --seed S`` (a
    generator that declares no command-line extras)."""
    flags = {p.flag: p for p in decl.params}
    values: dict[str, Any] = {}
    seed: Any = decl.default_seed
    i = 0
    while i < len(argv):
        word = argv[i]
        flag, eq, given = word.partition("=")
        if flag != "--seed" and flag not in flags:
            raise MapIdError(f"{decl.name}: unrecognized option {shlex.quote(flag)[:40]}")
        if not eq:
            i += 1
            if i >= len(argv):
                raise MapIdError(f"{decl.name}: {flag} needs a value")
            given = argv[i]
        i += 1
        if flag == "--seed":
            seed = given
        else:
            p = flags[flag]
            values[p.name] = p.parse(given)
    return decl.validate(values), decl.check_seed(seed)


def generic_command_line(decl: Declaration, values: Mapping[str, Any], seed: Any) -> str:
    """``python -m viewer NAME --PARAM VALUE ... --seed S`` (only the values
    that differ from the defaults), as the generic command line reads it."""
    if isinstance(seed, bytes):
        seed = seed.decode("latin-1")
    parts = ["python", "-m", "viewer", decl.name]
    for p in decl.params:
        if values[p.name] != p.default:
            parts += [p.flag, p.text(values[p.name])]
    parts += ["--seed", str(seed)]
    return shlex.join(parts)


def _unneeded(decl: Declaration, values: Mapping[str, Any], name: str) -> bool:
    """Whether the input file ``values[name]`` names is not needed for the
    map (the values are taken without it: a file chosen for a source that
    is not the one in use): a map ID need not say it (and never reads it)."""
    try:
        return decl.validate({**values, name: ""}) == {**values, name: ""}
    except Exception:  # noqa: BLE001 - the generator needs it
        return False


def map_id(decl: Declaration, values: Mapping[str, Any], seed: Any) -> str:
    """The map ID of ``values`` (validated) and ``seed`` of ``decl``."""
    own = decl.load("command_line")
    line = own(values, seed) if own is not None else generic_command_line(decl, values, seed)
    words = _words(line)
    if not words or words[0] != decl.name:
        words = [decl.name] + words
    try:
        back, back_seed = _map_values(decl, words[1:])
    except Exception as exc:  # noqa: BLE001
        raise MapIdError(f"{decl.name}: its command line does not read back ({exc})") from None
    ignored = {p.name for p in decl.params if p.kind == "path" and values.get(p.name)
               and _unneeded(decl, values, p.name)}   # settings these values do not use
    refused: dict[str, str] = {}
    for p in decl.params:      # what the command leaves to its context, as options
        if p.name in ignored:
            continue
        said = any(w == p.flag or w.startswith(p.flag + "=") for w in words)
        if back.get(p.name) == values.get(p.name) and (p.kind != "size" or said):
            continue           # (a map's size is always said)
        trial = words[:1] + [p.flag, p.text(values[p.name])] + words[1:]
        try:
            back, back_seed = _map_values(decl, trial[1:])
            words = trial
        except Exception as exc:  # noqa: BLE001
            if p.lacking(values):   # a setting these values do not have: it makes no map
                ignored.add(p.name)
            else:                   # a setting that counts, and the command refuses it
                refused[p.name] = _one_line(exc)
    differ = [n for n in values if n not in ignored and back.get(n) != values.get(n)]
    if differ or back_seed != seed:
        why = next((refused[n] for n in differ if n in refused), None)
        raise MapIdError(f"{decl.name}: no command line makes this map (it cannot say "
                         f"{', '.join(differ) or 'the seed'}" + (f": {why})" if why else ")"))
    return shlex.join(["python", "-m", "viewer"] + words)
